"""The match: ``Game`` (rounds to a target, the written score, the seeded and committed deal, the
record and its replay) and the game forms (Schieber, Coiffeur, Differenzler) behind one ``Form`` protocol.
"""
