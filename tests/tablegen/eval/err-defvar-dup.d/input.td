defvar v = 1;
defvar v = 2;
