include "../outside.td"
