def ok;
def cafÃ;
def ÿşı;
