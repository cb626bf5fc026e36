"test.a"() {ok = 15 : i4, bad = 42 : i4} : () -> ()
