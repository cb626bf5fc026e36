def Broken : Pat<(Foo $a,
