// Type canonicalization and aliases.
!ty = tensor<2x?xf32>
#at = {alias = 1}
"t.a"() {x = #at} : () -> (i32, si8, ui16, index, f16, bf16, f64, none, !ty, tensor<*xi1>,
    memref<4x4xf32>, memref<8xi32, 1>, vector<4xf32>, vector<[4]xf32>, complex<f32>,
    tuple<i32, f32>, tuple<>, !t.type, !t.type<" = 1}
"t.a"() {x = #at} : () -> (i32, si8, ui16, index, f16, bf14>>)
