module @jit_at_ops_int64_indices attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf64>, %arg1: tensor<4xi64>) -> (tensor<4xf64> {jax.result_info = "result[0]"}, tensor<8xf64> {jax.result_info = "result[1]"}, tensor<8xf64> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<8> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %3 = stablehlo.add %arg1, %2 : tensor<4xi64>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4xi1>, tensor<4xi64>
    %5 = stablehlo.convert %4 : (tensor<4xi64>) -> tensor<4xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %c_1 = stablehlo.constant dense<7> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %8 = stablehlo.compare GE, %6, %7, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %9 = stablehlo.broadcast_in_dim %c_1, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<4x1xi32>
    %11 = stablehlo.compare LE, %6, %10, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %12 = stablehlo.and %8, %11 : tensor<4x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %13 = stablehlo.reduce(%12 init: %c_3) applies stablehlo.and across dimensions = [1] : (tensor<4x1xi1>, tensor<i1>) -> tensor<4xi1>
    %14 = "stablehlo.gather"(%arg0, %6) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<8xf64>, tensor<4x1xi32>) -> tensor<4xf64>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f64>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %16 = stablehlo.select %13, %14, %15 : tensor<4xi1>, tensor<4xf64>
    %c_4 = stablehlo.constant dense<0> : tensor<i64>
    %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %18 = stablehlo.compare LT, %arg1, %17, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %c_5 = stablehlo.constant dense<8> : tensor<i64>
    %19 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %20 = stablehlo.add %arg1, %19 : tensor<4xi64>
    %21 = stablehlo.select %18, %20, %arg1 : tensor<4xi1>, tensor<4xi64>
    %22 = stablehlo.convert %21 : (tensor<4xi64>) -> tensor<4xi32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %24 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %25 = "stablehlo.scatter"(%arg0, %23, %24) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f64>, %arg3: tensor<f64>):
      %40 = stablehlo.add %arg2, %arg3 : tensor<f64>
      stablehlo.return %40 : tensor<f64>
    }) : (tensor<8xf64>, tensor<4x1xi32>, tensor<4xf64>) -> tensor<8xf64>
    %c_7 = stablehlo.constant dense<0> : tensor<i64>
    %26 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %27 = stablehlo.compare LT, %arg1, %26, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %c_8 = stablehlo.constant dense<8> : tensor<i64>
    %28 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %29 = stablehlo.add %arg1, %28 : tensor<4xi64>
    %30 = stablehlo.select %27, %29, %arg1 : tensor<4xi1>, tensor<4xi64>
    %31 = stablehlo.convert %30 : (tensor<4xi64>) -> tensor<4xi32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %cst_9 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %33 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %c_10 = stablehlo.constant dense<7> : tensor<1xi32>
    %c_11 = stablehlo.constant dense<2147483647> : tensor<i32>
    %34 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %35 = stablehlo.minimum %c_10, %34 : tensor<1xi32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [1] : (tensor<1xi32>) -> tensor<4x1xi32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %37 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %38 = stablehlo.clamp %37, %32, %36 : tensor<4x1xi32>
    %39 = "stablehlo.scatter"(%arg0, %38, %33) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f64>, %arg3: tensor<f64>):
      stablehlo.return %arg3 : tensor<f64>
    }) : (tensor<8xf64>, tensor<4x1xi32>, tensor<4xf64>) -> tensor<8xf64>
    return %16, %25, %39 : tensor<4xf64>, tensor<8xf64>, tensor<8xf64>
  }
}
