include "ÿþ.td"
