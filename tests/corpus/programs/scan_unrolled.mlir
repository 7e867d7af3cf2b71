module @jit_scan_unrolled attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.slice %arg0 [0:6] : (tensor<8xf32>) -> tensor<6xf32>
    %1 = stablehlo.slice %arg0 [6:8] : (tensor<8xf32>) -> tensor<2xf32>
    %2 = stablehlo.reshape %0 : (tensor<6xf32>) -> tensor<2x3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4:4 = stablehlo.while(%iterArg = %2, %iterArg_1 = %c, %iterArg_2 = %cst, %iterArg_3 = %3) : tensor<2x3xf32>, tensor<i32>, tensor<f32>, tensor<2x3xf32>
    cond {
      %c_4 = stablehlo.constant dense<2> : tensor<i32>
      %16 = stablehlo.compare LT, %iterArg_1, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %16 : tensor<i1>
    } do {
      %16 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_1) : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xf32>
      %17 = stablehlo.slice %16 [0:1] : (tensor<3xf32>) -> tensor<1xf32>
      %18 = stablehlo.reshape %17 : (tensor<1xf32>) -> tensor<f32>
      %19:2 = func.call @closed_call(%iterArg_2, %18) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
      %20 = stablehlo.slice %16 [1:2] : (tensor<3xf32>) -> tensor<1xf32>
      %21 = stablehlo.reshape %20 : (tensor<1xf32>) -> tensor<f32>
      %22:2 = func.call @closed_call(%19#0, %21) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
      %23 = stablehlo.slice %16 [2:3] : (tensor<3xf32>) -> tensor<1xf32>
      %24 = stablehlo.reshape %23 : (tensor<1xf32>) -> tensor<f32>
      %25:2 = func.call @closed_call(%22#0, %24) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
      %26 = stablehlo.broadcast_in_dim %19#1, dims = [] : (tensor<f32>) -> tensor<1xf32>
      %27 = stablehlo.broadcast_in_dim %22#1, dims = [] : (tensor<f32>) -> tensor<1xf32>
      %28 = stablehlo.broadcast_in_dim %25#1, dims = [] : (tensor<f32>) -> tensor<1xf32>
      %29 = stablehlo.concatenate %26, %27, %28, dim = 0 : (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3xf32>
      %30 = func.call @dynamic_update_index_in_dim(%iterArg_3, %29, %iterArg_1) : (tensor<2x3xf32>, tensor<3xf32>, tensor<i32>) -> tensor<2x3xf32>
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %31 = stablehlo.add %iterArg_1, %c_4 : tensor<i32>
      stablehlo.return %iterArg, %31, %25#0, %30 : tensor<2x3xf32>, tensor<i32>, tensor<f32>, tensor<2x3xf32>
    }
    %5 = stablehlo.reshape %4#3 : (tensor<2x3xf32>) -> tensor<6xf32>
    %6 = stablehlo.slice %1 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8:2 = call @closed_call(%4#2, %7) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
    %9 = stablehlo.slice %1 [1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %10 = stablehlo.reshape %9 : (tensor<1xf32>) -> tensor<f32>
    %11:2 = call @closed_call(%8#0, %10) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
    %12 = stablehlo.broadcast_in_dim %8#1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %13 = stablehlo.broadcast_in_dim %11#1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %14 = stablehlo.concatenate %12, %13, dim = 0 : (tensor<1xf32>, tensor<1xf32>) -> tensor<2xf32>
    %15 = stablehlo.concatenate %5, %14, dim = 0 : (tensor<6xf32>, tensor<2xf32>) -> tensor<8xf32>
    return %11#0, %15 : tensor<f32>, tensor<8xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<2x3xf32>, %arg1: tensor<i32>) -> tensor<3xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 3] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x3xf32>) -> tensor<3xf32>
    return %1 : tensor<3xf32>
  }
  func.func private @closed_call(%arg0: tensor<f32>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %0 = stablehlo.multiply %arg0, %cst : tensor<f32>
    %1 = stablehlo.add %0, %arg1 : tensor<f32>
    return %1, %arg0 : tensor<f32>, tensor<f32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<i32>) -> tensor<2x3xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
    return %1 : tensor<2x3xf32>
  }
}
