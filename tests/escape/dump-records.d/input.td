def Weird {
  string s = "we\"ird[2Jÿş	xÃ©";
  string n = "\n\\";
}
