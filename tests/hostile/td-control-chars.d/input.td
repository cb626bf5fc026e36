def a;[2J
