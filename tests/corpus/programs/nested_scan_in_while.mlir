module @jit_nested_scan_in_while attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3xf32>) -> (tensor<3xf32> {jax.result_info = "result[0]"}, tensor<i32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0, %iterArg_1 = %c) : tensor<4x3xf32>, tensor<3xf32>, tensor<i32>
    cond {
      %c_2 = stablehlo.constant dense<3> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg_1, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<0> : tensor<i32>
      %2:4 = stablehlo.while(%iterArg_4 = %iterArg, %iterArg_5 = %iterArg_1, %iterArg_6 = %c_2, %iterArg_7 = %iterArg_0) : tensor<4x3xf32>, tensor<i32>, tensor<i32>, tensor<3xf32>
      cond {
        %c_8 = stablehlo.constant dense<4> : tensor<i32>
        %4 = stablehlo.compare LT, %iterArg_6, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %4 : tensor<i1>
      } do {
        %4 = func.call @dynamic_index_in_dim(%iterArg_4, %iterArg_6) : (tensor<4x3xf32>, tensor<i32>) -> tensor<3xf32>
        %5 = func.call @closed_call(%iterArg_5, %iterArg_7, %4) : (tensor<i32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
        %c_8 = stablehlo.constant dense<1> : tensor<i32>
        %6 = stablehlo.add %iterArg_6, %c_8 : tensor<i32>
        stablehlo.return %iterArg_4, %iterArg_5, %6, %5 : tensor<4x3xf32>, tensor<i32>, tensor<i32>, tensor<3xf32>
      }
      %c_3 = stablehlo.constant dense<1> : tensor<i32>
      %3 = stablehlo.add %iterArg_1, %c_3 : tensor<i32>
      stablehlo.return %iterArg, %2#3, %3 : tensor<4x3xf32>, tensor<3xf32>, tensor<i32>
    }
    return %1#1, %1#2 : tensor<3xf32>, tensor<i32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<4x3xf32>, %arg1: tensor<i32>) -> tensor<3xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 3] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x3xf32>) -> tensor<3xf32>
    return %1 : tensor<3xf32>
  }
  func.func private @closed_call(%arg0: tensor<i32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.convert %arg0 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.multiply %arg2, %1 : tensor<3xf32>
    %3 = stablehlo.tanh %2 : tensor<3xf32>
    %4 = stablehlo.add %arg1, %3 : tensor<3xf32>
    return %4 : tensor<3xf32>
  }
}
