def x { dag d = (1 2); }
