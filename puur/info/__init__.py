"""What a seat may know: its observation of the game, what the cards played reveal of the others' hands
(inference), the hands that agree with it (determinize), and the position notation.

One way only: the match produces observations; nothing here imports the match, so a player that reads
an observation can never reach a hand it may not see.
"""
