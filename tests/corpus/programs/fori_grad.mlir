module @jit_fori_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %c_1, %iterArg_5 = %c, %iterArg_6 = %arg0, %iterArg_7 = %0, %iterArg_8 = %1) : tensor<i32>, tensor<i32>, tensor<4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
    cond {
      %c_9 = stablehlo.constant dense<4> : tensor<i32>
      %6 = stablehlo.compare LT, %iterArg, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %6 : tensor<i1>
    } do {
      %6:4 = func.call @closed_call(%iterArg_5, %iterArg_6) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
      %7 = func.call @dynamic_update_index_in_dim(%iterArg_7, %6#2, %iterArg) : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>) -> tensor<4x4xf32>
      %8 = func.call @dynamic_update_index_in_dim(%iterArg_8, %6#3, %iterArg) : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>) -> tensor<4x4xf32>
      %c_9 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg, %c_9 : tensor<i32>
      stablehlo.return %9, %6#0, %6#1, %7, %8 : tensor<i32>, tensor<i32>, tensor<4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
    }
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2#2 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %5:4 = stablehlo.while(%iterArg = %2#3, %iterArg_5 = %2#4, %iterArg_6 = %c_4, %iterArg_7 = %4) : tensor<4x4xf32>, tensor<4x4xf32>, tensor<i32>, tensor<4xf32>
    cond {
      %c_8 = stablehlo.constant dense<4> : tensor<i32>
      %6 = stablehlo.compare LT, %iterArg_6, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %6 : tensor<i1>
    } do {
      %c_8 = stablehlo.constant dense<4> : tensor<i32>
      %6 = stablehlo.subtract %c_8, %iterArg_6 : tensor<i32>
      %c_9 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.subtract %6, %c_9 : tensor<i32>
      %8 = func.call @dynamic_index_in_dim(%iterArg, %7) : (tensor<4x4xf32>, tensor<i32>) -> tensor<4xf32>
      %9 = func.call @dynamic_index_in_dim(%iterArg_5, %7) : (tensor<4x4xf32>, tensor<i32>) -> tensor<4xf32>
      %10 = func.call @closed_call_0(%iterArg_7, %8, %9) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %c_10 = stablehlo.constant dense<1> : tensor<i32>
      %11 = stablehlo.add %iterArg_6, %c_10 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_5, %11, %10 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<i32>, tensor<4xf32>
    }
    return %5#3 : tensor<4xf32>
  }
  func.func private @closed_call(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.tanh %arg1 : tensor<4xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %3 = stablehlo.subtract %2, %1 : tensor<4xf32>
    %cst_0 = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.multiply %1, %4 : tensor<4xf32>
    return %0, %5, %1, %3 : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<4x4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<i32>) -> tensor<4x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<4x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
    return %1 : tensor<4x4xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<4x4xf32>, %arg1: tensor<i32>) -> tensor<4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 4] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @closed_call_0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> tensor<4xf32> {
    %cst = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<4xf32>
    %2 = stablehlo.multiply %1, %arg2 : tensor<4xf32>
    %3 = stablehlo.multiply %2, %arg1 : tensor<4xf32>
    %4 = stablehlo.add %2, %3 : tensor<4xf32>
    return %4 : tensor<4xf32>
  }
}
