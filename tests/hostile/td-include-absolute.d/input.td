include "/etc/passwd"
def after;
