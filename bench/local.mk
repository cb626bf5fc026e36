# bench/local.mk -- benchmarks against the peer tools (make bench).
