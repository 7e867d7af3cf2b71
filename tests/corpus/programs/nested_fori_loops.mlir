module @jit_nested_fori_loops attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3xf32>) -> (tensor<3x3xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0:4 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c_0, %iterArg_2 = %c, %iterArg_3 = %arg0) : tensor<3x3xf32>, tensor<i32>, tensor<i32>, tensor<3x3xf32>
    cond {
      %c_4 = stablehlo.constant dense<3> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_1, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1:2 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_3) : (tensor<3x3xf32>, tensor<i32>, tensor<3x3xf32>) -> (tensor<i32>, tensor<3x3xf32>)
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg_1, %c_4 : tensor<i32>
      stablehlo.return %iterArg, %2, %1#0, %1#1 : tensor<3x3xf32>, tensor<i32>, tensor<i32>, tensor<3x3xf32>
    }
    return %0#3 : tensor<3x3xf32>
  }
  func.func private @closed_call(%arg0: tensor<3x3xf32>, %arg1: tensor<i32>, %arg2: tensor<3x3xf32>) -> (tensor<i32>, tensor<3x3xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1:5 = stablehlo.while(%iterArg = %arg1, %iterArg_2 = %arg0, %iterArg_3 = %c_1, %iterArg_4 = %c_0, %iterArg_5 = %arg2) : tensor<i32>, tensor<3x3xf32>, tensor<i32>, tensor<i32>, tensor<3x3xf32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2:2 = func.call @closed_call_0(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<i32>, tensor<3x3xf32>, tensor<i32>, tensor<3x3xf32>) -> (tensor<i32>, tensor<3x3xf32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %3 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %3, %2#0, %2#1 : tensor<i32>, tensor<3x3xf32>, tensor<i32>, tensor<i32>, tensor<3x3xf32>
    }
    return %0, %1#4 : tensor<i32>, tensor<3x3xf32>
  }
  func.func private @closed_call_0(%arg0: tensor<i32>, %arg1: tensor<3x3xf32>, %arg2: tensor<i32>, %arg3: tensor<3x3xf32>) -> (tensor<i32>, tensor<3x3xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg2, %c : tensor<i32>
    %1 = stablehlo.convert %arg2 : tensor<i32>
    %2 = stablehlo.convert %arg0 : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.compare LT, %1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_1 = stablehlo.constant dense<3> : tensor<i32>
    %4 = stablehlo.add %1, %c_1 : tensor<i32>
    %5 = stablehlo.select %3, %4, %1 : tensor<i1>, tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.compare LT, %2, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<3> : tensor<i32>
    %7 = stablehlo.add %2, %c_3 : tensor<i32>
    %8 = stablehlo.select %6, %7, %2 : tensor<i1>, tensor<i32>
    %9 = stablehlo.dynamic_slice %arg1, %5, %8, sizes = [1, 1] : (tensor<3x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x1xf32>
    %10 = stablehlo.reshape %9 : (tensor<1x1xf32>) -> tensor<f32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %11 = stablehlo.compare LT, %arg0, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %12 = stablehlo.add %arg0, %c_5 : tensor<i32>
    %13 = stablehlo.select %11, %12, %arg0 : tensor<i1>, tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.compare LT, %arg2, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<3> : tensor<i32>
    %15 = stablehlo.add %arg2, %c_7 : tensor<i32>
    %16 = stablehlo.select %14, %15, %arg2 : tensor<i1>, tensor<i32>
    %17 = stablehlo.convert %13 : tensor<i32>
    %18 = stablehlo.convert %16 : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %20 = stablehlo.broadcast_in_dim %18, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %21 = stablehlo.concatenate %19, %20, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %22 = "stablehlo.scatter"(%arg3, %21, %10) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1]>, unique_indices = true}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %23 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %23 : tensor<f32>
    }) : (tensor<3x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<3x3xf32>
    return %0, %22 : tensor<i32>, tensor<3x3xf32>
  }
}
