module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<13xi32>, %arg1: tensor<13x2xi32>, %arg2: tensor<7x3xi32>) -> (tensor<5x3xi32> {jax.result_info = "result"}) {
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
    %7 = "stablehlo.gather"(%arg1, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 13, 1>}> : (tensor<13x2xi32>, tensor<2x1xi32>) -> tensor<13x2xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<5x3xi32>
    %9 = stablehlo.slice %7 [0:13, 0:1] : (tensor<13x2xi32>) -> tensor<13x1xi32>
    %10 = stablehlo.reshape %9 : (tensor<13x1xi32>) -> tensor<13xi32>
    %11 = stablehlo.slice %7 [0:13, 1:2] : (tensor<13x2xi32>) -> tensor<13x1xi32>
    %12 = stablehlo.reshape %11 : (tensor<13x1xi32>) -> tensor<13xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %14 = stablehlo.compare LT, %10, %13, SIGNED : (tensor<13xi32>, tensor<13xi32>) -> tensor<13xi1>
    %c_4 = stablehlo.constant dense<7> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %16 = stablehlo.add %10, %15 : tensor<13xi32>
    %17 = stablehlo.select %14, %16, %10 : tensor<13xi1>, tensor<13xi32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %c_5 = stablehlo.constant dense<6> : tensor<1xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<13x1xi32>
    %20 = stablehlo.compare GE, %18, %19, SIGNED : (tensor<13x1xi32>, tensor<13x1xi32>) -> tensor<13x1xi1>
    %21 = stablehlo.broadcast_in_dim %c_5, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<13x1xi32>
    %23 = stablehlo.compare LE, %18, %22, SIGNED : (tensor<13x1xi32>, tensor<13x1xi32>) -> tensor<13x1xi1>
    %24 = stablehlo.and %20, %23 : tensor<13x1xi1>
    %c_7 = stablehlo.constant dense<true> : tensor<i1>
    %25 = stablehlo.reduce(%24 init: %c_7) applies stablehlo.and across dimensions = [1] : (tensor<13x1xi1>, tensor<i1>) -> tensor<13xi1>
    %26 = "stablehlo.gather"(%arg2, %18) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<7x3xi32>, tensor<13x1xi32>) -> tensor<13x3xi32>
    %27 = stablehlo.broadcast_in_dim %25, dims = [0] : (tensor<13xi1>) -> tensor<13x3xi1>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %28 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<13x3xi32>
    %29 = stablehlo.select %27, %26, %28 : tensor<13x3xi1>, tensor<13x3xi32>
    %30 = stablehlo.dot_general %arg0, %29, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<13xi32>, tensor<13x3xi32>) -> tensor<13x3xi32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %32 = stablehlo.compare LT, %12, %31, SIGNED : (tensor<13xi32>, tensor<13xi32>) -> tensor<13xi1>
    %c_10 = stablehlo.constant dense<5> : tensor<i32>
    %33 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %34 = stablehlo.add %12, %33 : tensor<13xi32>
    %35 = stablehlo.select %32, %34, %12 : tensor<13xi1>, tensor<13xi32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %37 = "stablehlo.scatter"(%8, %36, %30) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      %38 = stablehlo.add %arg3, %arg4 : tensor<i32>
      stablehlo.return %38 : tensor<i32>
    }) : (tensor<5x3xi32>, tensor<13x1xi32>, tensor<13x3xi32>) -> tensor<5x3xi32>
    return %37 : tensor<5x3xi32>
  }
}
