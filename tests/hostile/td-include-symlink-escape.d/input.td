include "evil.td"
