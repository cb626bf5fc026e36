defm A : NoSuchMulticlass;
