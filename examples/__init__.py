"""Examples of research on Puur (issue 19): a policy trained from ``puur selfplay`` data."""
