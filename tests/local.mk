# tests/local.mk -- unit tests (Check), golden tests and peer suites.
