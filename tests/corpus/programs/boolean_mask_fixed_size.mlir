module @jit_boolean_mask_fixed_size attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x4xf32>, %arg1: tensor<6xi1>) -> (tensor<6xi32> {jax.result_info = "result[0]"}, tensor<6x4xf32> {jax.result_info = "result[1]"}) {
    %0 = call @cumsum(%arg1) : (tensor<6xi1>) -> tensor<6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %2 = call @clip(%0, %c_0) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %4 = stablehlo.compare LT, %2, %3, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_2 = stablehlo.constant dense<6> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %6 = stablehlo.add %2, %5 : tensor<6xi32>
    %7 = stablehlo.select %4, %6, %2 : tensor<6xi1>, tensor<6xi32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %10 = "stablehlo.scatter"(%1, %8, %9) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %27 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %27 : tensor<i32>
    }) : (tensor<6xi32>, tensor<6x1xi32>, tensor<6xi32>) -> tensor<6xi32>
    %11 = call @cumsum_1(%10) : (tensor<6xi32>) -> tensor<6xi32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %12 = call @floor_divide(%11, %c_4) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_5 = stablehlo.constant dense<6> : tensor<i32>
    %13 = call @remainder(%12, %c_5) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %14 = stablehlo.iota dim = 0 : tensor<6xi32>
    %15 = stablehlo.convert %arg1 : (tensor<6xi1>) -> tensor<6xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %16 = stablehlo.reduce(%15 init: %c_6) applies stablehlo.add across dimensions = [0] : (tensor<6xi32>, tensor<i32>) -> tensor<i32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %18 = stablehlo.compare GE, %14, %17, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %19 = call @_where_3(%18, %c_7, %13) : (tensor<6xi1>, tensor<i32>, tensor<6xi32>) -> tensor<6xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %21 = stablehlo.compare LT, %19, %20, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_9 = stablehlo.constant dense<6> : tensor<i32>
    %22 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %23 = stablehlo.add %19, %22 : tensor<6xi32>
    %24 = stablehlo.select %21, %23, %19 : tensor<6xi1>, tensor<6xi32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %26 = "stablehlo.gather"(%arg0, %25) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<6x1xi32>) -> tensor<6x4xf32>
    return %19, %26 : tensor<6xi32>, tensor<6x4xf32>
  }
  func.func private @cumsum(%arg0: tensor<6xi1>) -> tensor<6xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<6xi1>) -> tensor<6xi32>
    %1 = call @cumsum_0(%0) : (tensor<6xi32>) -> tensor<6xi32>
    return %1 : tensor<6xi32>
  }
  func.func private @cumsum_0(%arg0: tensor<6xi32>) -> tensor<6xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[5, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 6>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    return %1 : tensor<6xi32>
  }
  func.func private @clip(%arg0: tensor<6xi32>, %arg1: tensor<i32>) -> tensor<6xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<6xi32>
    return %2 : tensor<6xi32>
  }
  func.func private @cumsum_1(%arg0: tensor<6xi32>) -> tensor<6xi32> {
    %0 = call @cumsum_0(%arg0) : (tensor<6xi32>) -> tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @floor_divide(%arg0: tensor<6xi32>, %arg1: tensor<i32>) -> tensor<6xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %1 = stablehlo.divide %arg0, %0 : tensor<6xi32>
    %2 = stablehlo.sign %arg0 : tensor<6xi32>
    %3 = stablehlo.sign %arg1 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %7 = stablehlo.remainder %arg0, %6 : tensor<6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %10 = stablehlo.and %5, %9 : tensor<6xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %12 = stablehlo.subtract %1, %11 : tensor<6xi32>
    %13 = call @_where(%10, %12, %1) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
    return %13 : tensor<6xi32>
  }
  func.func private @_where(%arg0: tensor<6xi1>, %arg1: tensor<6xi32>, %arg2: tensor<6xi32>) -> tensor<6xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<6xi1>, tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @remainder(%arg0: tensor<6xi32>, %arg1: tensor<i32>) -> tensor<6xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_2(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<6xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<6xi1>, tensor<6xi1>) -> tensor<6xi1>
    %12 = stablehlo.and %11, %6 : tensor<6xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %14 = stablehlo.add %4, %13 : tensor<6xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<6xi1>, tensor<6xi32>
    return %15 : tensor<6xi32>
  }
  func.func private @_where_2(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_3(%arg0: tensor<6xi1>, %arg1: tensor<i32>, %arg2: tensor<6xi32>) -> tensor<6xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<6xi1>, tensor<6xi32>
    return %2 : tensor<6xi32>
  }
}
