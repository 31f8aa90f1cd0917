"""Running the server: its Prometheus metrics, its processes on one host, the memory closed sockets leave."""
