"test.a"() {v = dense<[[1, -128], [255, -129]]> : tensor<2x2xi8>} : () -> ()
