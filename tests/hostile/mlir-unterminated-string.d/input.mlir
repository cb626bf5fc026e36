"test.a"() {s = "abc
