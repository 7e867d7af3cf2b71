module @jit_scan_reverse_tuple_carry attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x2xf32>, %arg1: tensor<2xf32>) -> (tensor<2xf32> {jax.result_info = "result[0][0]"}, tensor<i32> {jax.result_info = "result[0][1]"}, tensor<5x2xf32> {jax.result_info = "result[1][0]"}, tensor<5xi32> {jax.result_info = "result[1][1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x2xf32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:6 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c_1, %iterArg_3 = %arg1, %iterArg_4 = %c, %iterArg_5 = %0, %iterArg_6 = %1) : tensor<5x2xf32>, tensor<i32>, tensor<2xf32>, tensor<i32>, tensor<5x2xf32>, tensor<5xi32>
    cond {
      %c_7 = stablehlo.constant dense<5> : tensor<i32>
      %3 = stablehlo.compare LT, %iterArg_2, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %c_7 = stablehlo.constant dense<5> : tensor<i32>
      %3 = stablehlo.subtract %c_7, %iterArg_2 : tensor<i32>
      %c_8 = stablehlo.constant dense<1> : tensor<i32>
      %4 = stablehlo.subtract %3, %c_8 : tensor<i32>
      %5 = func.call @dynamic_index_in_dim(%iterArg, %4) : (tensor<5x2xf32>, tensor<i32>) -> tensor<2xf32>
      %6:4 = func.call @closed_call(%iterArg_3, %iterArg_4, %5) : (tensor<2xf32>, tensor<i32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>, tensor<2xf32>, tensor<i32>)
      %7 = func.call @dynamic_update_index_in_dim(%iterArg_5, %6#2, %4) : (tensor<5x2xf32>, tensor<2xf32>, tensor<i32>) -> tensor<5x2xf32>
      %8 = func.call @dynamic_update_index_in_dim_0(%iterArg_6, %6#3, %4) : (tensor<5xi32>, tensor<i32>, tensor<i32>) -> tensor<5xi32>
      %c_9 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg_2, %c_9 : tensor<i32>
      stablehlo.return %iterArg, %9, %6#0, %6#1, %7, %8 : tensor<5x2xf32>, tensor<i32>, tensor<2xf32>, tensor<i32>, tensor<5x2xf32>, tensor<5xi32>
    }
    return %2#2, %2#3, %2#4, %2#5 : tensor<2xf32>, tensor<i32>, tensor<5x2xf32>, tensor<5xi32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x2xf32>, %arg1: tensor<i32>) -> tensor<2xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 2] : (tensor<5x2xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2xf32>) -> tensor<2xf32>
    return %1 : tensor<2xf32>
  }
  func.func private @closed_call(%arg0: tensor<2xf32>, %arg1: tensor<i32>, %arg2: tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>, tensor<2xf32>, tensor<i32>) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<2xf32>
    %2 = stablehlo.add %1, %arg2 : tensor<2xf32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %3 = stablehlo.add %arg1, %c : tensor<i32>
    return %2, %3, %arg0, %arg1 : tensor<2xf32>, tensor<i32>, tensor<2xf32>, tensor<i32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5x2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<i32>) -> tensor<5x2xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<2xf32>) -> tensor<1x2xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<5x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<5x2xf32>
    return %1 : tensor<5x2xf32>
  }
  func.func private @dynamic_update_index_in_dim_0(%arg0: tensor<5xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<5xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2 : (tensor<5xi32>, tensor<1xi32>, tensor<i32>) -> tensor<5xi32>
    return %1 : tensor<5xi32>
  }
}
