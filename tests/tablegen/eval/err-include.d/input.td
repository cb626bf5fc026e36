include "nonexistent.td"
