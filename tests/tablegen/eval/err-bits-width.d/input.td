def x { bits<4> b = 0b10101; }
