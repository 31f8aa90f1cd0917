"""Play: a move from validation to broadcast, take-backs, timeouts, endings, and following other processes."""
