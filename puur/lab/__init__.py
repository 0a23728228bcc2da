"""The research bench: arenas between players, self-play data, the engine benchmark, the server soak
test and what the learning scripts share. Above the match and the players; nothing below imports it.
"""
