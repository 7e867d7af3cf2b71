module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf64>, %arg1: tensor<12xf64>, %arg2: tensor<12x2xi32>) -> (tensor<4x7xf64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %1 = stablehlo.compare LT, %c, %0, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %c_1 = stablehlo.constant dense<2> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %3 = stablehlo.add %c, %2 : tensor<2xi64>
    %4 = stablehlo.select %1, %3, %c : tensor<2xi1>, tensor<2xi64>
    %5 = stablehlo.convert %4 : (tensor<2xi64>) -> tensor<2xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %7 = "stablehlo.gather"(%arg2, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 12, 1>}> : (tensor<12x2xi32>, tensor<2x1xi32>) -> tensor<12x2xi32>
    %8 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x5xf64>) -> tensor<5x4xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %9 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<7x4xf64>
    %10 = stablehlo.slice %7 [0:12, 0:1] : (tensor<12x2xi32>) -> tensor<12x1xi32>
    %11 = stablehlo.reshape %10 : (tensor<12x1xi32>) -> tensor<12xi32>
    %12 = stablehlo.slice %7 [0:12, 1:2] : (tensor<12x2xi32>) -> tensor<12x1xi32>
    %13 = stablehlo.reshape %12 : (tensor<12x1xi32>) -> tensor<12xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %15 = stablehlo.compare LT, %11, %14, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_3 = stablehlo.constant dense<5> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %17 = stablehlo.add %11, %16 : tensor<12xi32>
    %18 = stablehlo.select %15, %17, %11 : tensor<12xi1>, tensor<12xi32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %c_4 = stablehlo.constant dense<4> : tensor<1xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<12x1xi32>
    %21 = stablehlo.compare GE, %19, %20, SIGNED : (tensor<12x1xi32>, tensor<12x1xi32>) -> tensor<12x1xi1>
    %22 = stablehlo.broadcast_in_dim %c_4, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<12x1xi32>
    %24 = stablehlo.compare LE, %19, %23, SIGNED : (tensor<12x1xi32>, tensor<12x1xi32>) -> tensor<12x1xi1>
    %25 = stablehlo.and %21, %24 : tensor<12x1xi1>
    %c_6 = stablehlo.constant dense<true> : tensor<i1>
    %26 = stablehlo.reduce(%25 init: %c_6) applies stablehlo.and across dimensions = [1] : (tensor<12x1xi1>, tensor<i1>) -> tensor<12xi1>
    %27 = "stablehlo.gather"(%8, %19) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf64>, tensor<12x1xi32>) -> tensor<12x4xf64>
    %28 = stablehlo.broadcast_in_dim %26, dims = [0] : (tensor<12xi1>) -> tensor<12x4xi1>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %29 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f64>) -> tensor<12x4xf64>
    %30 = stablehlo.select %28, %27, %29 : tensor<12x4xi1>, tensor<12x4xf64>
    %31 = stablehlo.dot_general %arg1, %30, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<12xf64>, tensor<12x4xf64>) -> tensor<12x4xf64>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %32 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %33 = stablehlo.compare LT, %13, %32, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_9 = stablehlo.constant dense<7> : tensor<i32>
    %34 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %35 = stablehlo.add %13, %34 : tensor<12xi32>
    %36 = stablehlo.select %33, %35, %13 : tensor<12xi1>, tensor<12xi32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %38 = "stablehlo.scatter"(%9, %37, %31) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f64>, %arg4: tensor<f64>):
      %40 = stablehlo.add %arg3, %arg4 : tensor<f64>
      stablehlo.return %40 : tensor<f64>
    }) : (tensor<7x4xf64>, tensor<12x1xi32>, tensor<12x4xf64>) -> tensor<7x4xf64>
    %39 = stablehlo.transpose %38, dims = [1, 0] : (tensor<7x4xf64>) -> tensor<4x7xf64>
    return %39 : tensor<4x7xf64>
  }
}
