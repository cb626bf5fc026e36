"t.a"() : () -> (i32, notatype)
