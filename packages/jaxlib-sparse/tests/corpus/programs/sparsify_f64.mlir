module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf64>, %arg1: tensor<12x2xi32>, %arg2: tensor<7xf64>) -> (tensor<5xf64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<[5, 7]> : tensor<2xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<1xi64>
    %c_1 = stablehlo.constant dense<false> : tensor<1xi1>
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<12xf64>
    %1 = stablehlo.multiply %arg0, %0 : tensor<12xf64>
    %c_2 = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %3 = stablehlo.compare LT, %c_2, %2, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %c_4 = stablehlo.constant dense<2> : tensor<i64>
    %4 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %5 = stablehlo.add %c_2, %4 : tensor<2xi64>
    %6 = stablehlo.select %3, %5, %c_2 : tensor<2xi1>, tensor<2xi64>
    %7 = stablehlo.convert %6 : (tensor<2xi64>) -> tensor<2xi32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %9 = "stablehlo.gather"(%arg1, %8) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 12, 1>}> : (tensor<12x2xi32>, tensor<2x1xi32>) -> tensor<12x2xi32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %10 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %11 = stablehlo.slice %9 [0:12, 0:1] : (tensor<12x2xi32>) -> tensor<12x1xi32>
    %12 = stablehlo.reshape %11 : (tensor<12x1xi32>) -> tensor<12xi32>
    %13 = stablehlo.slice %9 [0:12, 1:2] : (tensor<12x2xi32>) -> tensor<12x1xi32>
    %14 = stablehlo.reshape %13 : (tensor<12x1xi32>) -> tensor<12xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %16 = stablehlo.compare LT, %12, %15, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_7 = stablehlo.constant dense<7> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %18 = stablehlo.add %12, %17 : tensor<12xi32>
    %19 = stablehlo.select %16, %18, %12 : tensor<12xi1>, tensor<12xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %c_8 = stablehlo.constant dense<6> : tensor<1xi32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<12x1xi32>
    %22 = stablehlo.compare GE, %20, %21, SIGNED : (tensor<12x1xi32>, tensor<12x1xi32>) -> tensor<12x1xi1>
    %23 = stablehlo.broadcast_in_dim %c_8, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<12x1xi32>
    %25 = stablehlo.compare LE, %20, %24, SIGNED : (tensor<12x1xi32>, tensor<12x1xi32>) -> tensor<12x1xi1>
    %26 = stablehlo.and %22, %25 : tensor<12x1xi1>
    %c_10 = stablehlo.constant dense<true> : tensor<i1>
    %27 = stablehlo.reduce(%26 init: %c_10) applies stablehlo.and across dimensions = [1] : (tensor<12x1xi1>, tensor<i1>) -> tensor<12xi1>
    %28 = "stablehlo.gather"(%arg2, %20) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<7xf64>, tensor<12x1xi32>) -> tensor<12xf64>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %29 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f64>) -> tensor<12xf64>
    %30 = stablehlo.select %27, %28, %29 : tensor<12xi1>, tensor<12xf64>
    %31 = stablehlo.dot_general %1, %30, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<12xf64>, tensor<12xf64>) -> tensor<12xf64>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %32 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %33 = stablehlo.compare LT, %14, %32, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_13 = stablehlo.constant dense<5> : tensor<i32>
    %34 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %35 = stablehlo.add %14, %34 : tensor<12xi32>
    %36 = stablehlo.select %33, %35, %14 : tensor<12xi1>, tensor<12xi32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %38 = "stablehlo.scatter"(%10, %37, %31) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f64>, %arg4: tensor<f64>):
      %61 = stablehlo.add %arg3, %arg4 : tensor<f64>
      stablehlo.return %61 : tensor<f64>
    }) : (tensor<5xf64>, tensor<12x1xi32>, tensor<12xf64>) -> tensor<5xf64>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %39 = stablehlo.reduce(%arg0 init: %cst_14) applies stablehlo.add across dimensions = [] : (tensor<12xf64>, tensor<f64>) -> tensor<12xf64>
    %40 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<2xi32>) -> tensor<1x2xi32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<12x2xi32>
    %42 = stablehlo.compare LT, %arg1, %41, SIGNED : (tensor<12x2xi32>, tensor<12x2xi32>) -> tensor<12x2xi1>
    %c_15 = stablehlo.constant dense<true> : tensor<i1>
    %43 = stablehlo.reduce(%42 init: %c_15) applies stablehlo.and across dimensions = [1] : (tensor<12x2xi1>, tensor<i1>) -> tensor<12xi1>
    %c_16 = stablehlo.constant dense<0> : tensor<i64>
    %44 = call @_where(%43, %39, %c_16) : (tensor<12xi1>, tensor<12xf64>, tensor<i64>) -> tensor<12xf64>
    %c_17 = stablehlo.constant dense<2> : tensor<i64>
    %45 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %46 = stablehlo.add %c_0, %45 : tensor<1xi64>
    %47 = stablehlo.select %c_1, %46, %c_0 : tensor<1xi1>, tensor<1xi64>
    %48 = stablehlo.convert %47 : (tensor<1xi64>) -> tensor<1xi32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0] : (tensor<1xi32>) -> tensor<1x1xi32>
    %50 = "stablehlo.gather"(%arg1, %49) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 12, 1>}> : (tensor<12x2xi32>, tensor<1x1xi32>) -> tensor<12x1xi32>
    %51 = stablehlo.reshape %50 : (tensor<12x1xi32>) -> tensor<12xi32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %52 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %c_19 = stablehlo.constant dense<0> : tensor<i32>
    %53 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %54 = stablehlo.compare LT, %51, %53, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_20 = stablehlo.constant dense<5> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %56 = stablehlo.add %51, %55 : tensor<12xi32>
    %57 = stablehlo.select %54, %56, %51 : tensor<12xi1>, tensor<12xi32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %59 = "stablehlo.scatter"(%52, %58, %44) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f64>, %arg4: tensor<f64>):
      %61 = stablehlo.add %arg3, %arg4 : tensor<f64>
      stablehlo.return %61 : tensor<f64>
    }) : (tensor<5xf64>, tensor<12x1xi32>, tensor<12xf64>) -> tensor<5xf64>
    %60 = stablehlo.add %59, %38 : tensor<5xf64>
    return %60 : tensor<5xf64>
  }
  func.func private @_where(%arg0: tensor<12xi1>, %arg1: tensor<12xf64>, %arg2: tensor<i64>) -> tensor<12xf64> {
    %0 = stablehlo.convert %arg2 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<12xf64>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<12xi1>, tensor<12xf64>
    return %2 : tensor<12xf64>
  }
}
