include "up/etc/hostname"
