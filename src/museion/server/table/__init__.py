"""One table in memory: its seats and players' names, its state and what each client is sent, its clocks,
its moves as the server says them, and the live tables every room shares."""
