"""Examples of research on Puur (README "Research"): a policy trained from ``puur selfplay`` data."""
