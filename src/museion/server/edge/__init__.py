"""The edge: what every request and socket passes first (HTTP hygiene, rate limits, protocols, caps per
network, the outbox of a socket) and the shapes of what clients send and receive."""
