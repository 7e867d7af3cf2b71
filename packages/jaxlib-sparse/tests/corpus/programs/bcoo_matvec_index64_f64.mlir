module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf64>, %arg1: tensor<16x2xi64>, %arg2: tensor<7xf64>) -> (tensor<5xf64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %1 = stablehlo.compare LT, %c, %0, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %c_1 = stablehlo.constant dense<2> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %3 = stablehlo.add %c, %2 : tensor<2xi64>
    %4 = stablehlo.select %1, %3, %c : tensor<2xi1>, tensor<2xi64>
    %5 = stablehlo.convert %4 : (tensor<2xi64>) -> tensor<2xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %7 = "stablehlo.gather"(%arg1, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 16, 1>}> : (tensor<16x2xi64>, tensor<2x1xi32>) -> tensor<16x2xi64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %9 = stablehlo.slice %7 [0:16, 0:1] : (tensor<16x2xi64>) -> tensor<16x1xi64>
    %10 = stablehlo.reshape %9 : (tensor<16x1xi64>) -> tensor<16xi64>
    %11 = stablehlo.slice %7 [0:16, 1:2] : (tensor<16x2xi64>) -> tensor<16x1xi64>
    %12 = stablehlo.reshape %11 : (tensor<16x1xi64>) -> tensor<16xi64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %13 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %14 = stablehlo.compare LT, %10, %13, SIGNED : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %c_3 = stablehlo.constant dense<7> : tensor<i64>
    %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %16 = stablehlo.add %10, %15 : tensor<16xi64>
    %17 = stablehlo.select %14, %16, %10 : tensor<16xi1>, tensor<16xi64>
    %18 = stablehlo.convert %17 : (tensor<16xi64>) -> tensor<16xi32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %c_4 = stablehlo.constant dense<6> : tensor<1xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<16x1xi32>
    %21 = stablehlo.compare GE, %19, %20, SIGNED : (tensor<16x1xi32>, tensor<16x1xi32>) -> tensor<16x1xi1>
    %22 = stablehlo.broadcast_in_dim %c_4, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<16x1xi32>
    %24 = stablehlo.compare LE, %19, %23, SIGNED : (tensor<16x1xi32>, tensor<16x1xi32>) -> tensor<16x1xi1>
    %25 = stablehlo.and %21, %24 : tensor<16x1xi1>
    %c_6 = stablehlo.constant dense<true> : tensor<i1>
    %26 = stablehlo.reduce(%25 init: %c_6) applies stablehlo.and across dimensions = [1] : (tensor<16x1xi1>, tensor<i1>) -> tensor<16xi1>
    %27 = "stablehlo.gather"(%arg2, %19) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<7xf64>, tensor<16x1xi32>) -> tensor<16xf64>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %28 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f64>) -> tensor<16xf64>
    %29 = stablehlo.select %26, %27, %28 : tensor<16xi1>, tensor<16xf64>
    %30 = stablehlo.dot_general %arg0, %29, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<16xf64>, tensor<16xf64>) -> tensor<16xf64>
    %c_8 = stablehlo.constant dense<0> : tensor<i64>
    %31 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %32 = stablehlo.compare LT, %12, %31, SIGNED : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %c_9 = stablehlo.constant dense<5> : tensor<i64>
    %33 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %34 = stablehlo.add %12, %33 : tensor<16xi64>
    %35 = stablehlo.select %32, %34, %12 : tensor<16xi1>, tensor<16xi64>
    %36 = stablehlo.convert %35 : (tensor<16xi64>) -> tensor<16xi32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %38 = "stablehlo.scatter"(%8, %37, %30) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f64>, %arg4: tensor<f64>):
      %39 = stablehlo.add %arg3, %arg4 : tensor<f64>
      stablehlo.return %39 : tensor<f64>
    }) : (tensor<5xf64>, tensor<16x1xi32>, tensor<16xf64>) -> tensor<5xf64>
    return %38 : tensor<5xf64>
  }
}
