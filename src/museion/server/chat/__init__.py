"""Table chat: the players' and spectators' channels, and what is stored and reported."""
