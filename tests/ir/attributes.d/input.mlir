// Attribute canonicalization: integers, floats, strings, arrays, dicts.
"t.a"() {i = 42, h = 0xFF : i8, u = 255 : ui8, b1 = 1 : i1, b0 = 0 : i1, n = -3 : i8,
         w = 4294967296 : i64, ix = 7 : index,
         f = 1.0, g = 0.1 : f32, p = 3.14159265, big = 1.0e20, tiny = 1.5e-7, r = 12345678.0,
         k = 100.0, m = 0.000123, neg = -2.5 : f32, z = 0.0,
         s = "he\"llo\n\01", st = "a\\b", e = "",
         arr = [1, 2.0, true, "x", i32, @sym, unit, [3 : i32]], empty = [],
         d = {b = 1, a = 2, "q r" = 3}, ed = {},
         sym = @"a b", nest = @a::@b, ty = tensor<4x?xf32>, ft = (i32, f32) -> (),
         dn = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, ds = dense<[1.0, 1.0]> : tensor<2xf32>,
         dsplat = dense<5> : vector<4xi8>,
         arr2 = array<i32: 1, 2>, dialect = #t.attr<"x",  1>, "quoted key" = unit} : () -> ()
