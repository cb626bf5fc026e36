def x { int a = 1; }
def x { int a = 1; }
