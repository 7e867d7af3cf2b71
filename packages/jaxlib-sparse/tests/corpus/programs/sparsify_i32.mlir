module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<13xi32>, %arg1: tensor<13x2xi32>, %arg2: tensor<7xi32>) -> (tensor<5xi64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<[5, 7]> : tensor<2xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<1xi64>
    %c_1 = stablehlo.constant dense<false> : tensor<1xi1>
    %c_2 = stablehlo.constant dense<3> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<13xi32>
    %c_3 = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
    %c_4 = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %3 = stablehlo.compare LT, %c_3, %2, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %c_5 = stablehlo.constant dense<2> : tensor<i64>
    %4 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %5 = stablehlo.add %c_3, %4 : tensor<2xi64>
    %6 = stablehlo.select %3, %5, %c_3 : tensor<2xi1>, tensor<2xi64>
    %7 = stablehlo.convert %6 : (tensor<2xi64>) -> tensor<2xi32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %9 = "stablehlo.gather"(%arg1, %8) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 13, 1>}> : (tensor<13x2xi32>, tensor<2x1xi32>) -> tensor<13x2xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %11 = stablehlo.slice %9 [0:13, 0:1] : (tensor<13x2xi32>) -> tensor<13x1xi32>
    %12 = stablehlo.reshape %11 : (tensor<13x1xi32>) -> tensor<13xi32>
    %13 = stablehlo.slice %9 [0:13, 1:2] : (tensor<13x2xi32>) -> tensor<13x1xi32>
    %14 = stablehlo.reshape %13 : (tensor<13x1xi32>) -> tensor<13xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %16 = stablehlo.compare LT, %12, %15, SIGNED : (tensor<13xi32>, tensor<13xi32>) -> tensor<13xi1>
    %c_8 = stablehlo.constant dense<7> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %18 = stablehlo.add %12, %17 : tensor<13xi32>
    %19 = stablehlo.select %16, %18, %12 : tensor<13xi1>, tensor<13xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %c_9 = stablehlo.constant dense<6> : tensor<1xi32>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<13x1xi32>
    %22 = stablehlo.compare GE, %20, %21, SIGNED : (tensor<13x1xi32>, tensor<13x1xi32>) -> tensor<13x1xi1>
    %23 = stablehlo.broadcast_in_dim %c_9, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<13x1xi32>
    %25 = stablehlo.compare LE, %20, %24, SIGNED : (tensor<13x1xi32>, tensor<13x1xi32>) -> tensor<13x1xi1>
    %26 = stablehlo.and %22, %25 : tensor<13x1xi1>
    %c_11 = stablehlo.constant dense<true> : tensor<i1>
    %27 = stablehlo.reduce(%26 init: %c_11) applies stablehlo.and across dimensions = [1] : (tensor<13x1xi1>, tensor<i1>) -> tensor<13xi1>
    %28 = "stablehlo.gather"(%arg2, %20) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<7xi32>, tensor<13x1xi32>) -> tensor<13xi32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %30 = stablehlo.select %27, %28, %29 : tensor<13xi1>, tensor<13xi32>
    %31 = stablehlo.dot_general %1, %30, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<13xi32>, tensor<13xi32>) -> tensor<13xi32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %32 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %33 = stablehlo.compare LT, %14, %32, SIGNED : (tensor<13xi32>, tensor<13xi32>) -> tensor<13xi1>
    %c_14 = stablehlo.constant dense<5> : tensor<i32>
    %34 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %35 = stablehlo.add %14, %34 : tensor<13xi32>
    %36 = stablehlo.select %33, %35, %14 : tensor<13xi1>, tensor<13xi32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %38 = "stablehlo.scatter"(%10, %37, %31) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      %130 = stablehlo.add %arg3, %arg4 : tensor<i32>
      stablehlo.return %130 : tensor<i32>
    }) : (tensor<5xi32>, tensor<13x1xi32>, tensor<13xi32>) -> tensor<5xi32>
    %c_15 = stablehlo.constant dense<[5, 7]> : tensor<2xi32>
    %39 = stablehlo.broadcast_in_dim %c_15, dims = [1] : (tensor<2xi32>) -> tensor<1x2xi32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<13x2xi32>
    %41 = stablehlo.compare GE, %arg1, %40, SIGNED : (tensor<13x2xi32>, tensor<13x2xi32>) -> tensor<13x2xi1>
    %c_16 = stablehlo.constant dense<false> : tensor<i1>
    %42 = stablehlo.reduce(%41 init: %c_16) applies stablehlo.or across dimensions = [1] : (tensor<13x2xi1>, tensor<i1>) -> tensor<13xi1>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0] : (tensor<13xi1>) -> tensor<13x1xi1>
    %44 = call @_where(%43, %39, %arg1) : (tensor<13x1xi1>, tensor<1x2xi32>, tensor<13x2xi32>) -> tensor<13x2xi32>
    %45:3 = call @_unique_sorted_mask(%44) : (tensor<13x2xi32>) -> (tensor<13x2xi32>, tensor<13xi1>, tensor<13xi64>)
    %46 = call @cumsum(%45#1) : (tensor<13xi1>) -> tensor<13xi64>
    %c_17 = stablehlo.constant dense<0> : tensor<i64>
    %47 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %c_18 = stablehlo.constant dense<0> : tensor<i64>
    %48 = call @clip(%46, %c_18) : (tensor<13xi64>, tensor<i64>) -> tensor<13xi64>
    %c_19 = stablehlo.constant dense<0> : tensor<i64>
    %49 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %50 = stablehlo.compare LT, %48, %49, SIGNED : (tensor<13xi64>, tensor<13xi64>) -> tensor<13xi1>
    %c_20 = stablehlo.constant dense<13> : tensor<i64>
    %51 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %52 = stablehlo.add %48, %51 : tensor<13xi64>
    %53 = stablehlo.select %50, %52, %48 : tensor<13xi1>, tensor<13xi64>
    %54 = stablehlo.convert %53 : (tensor<13xi64>) -> tensor<13xi32>
    %55 = stablehlo.broadcast_in_dim %54, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %c_21 = stablehlo.constant dense<1> : tensor<i64>
    %56 = stablehlo.broadcast_in_dim %c_21, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %57 = "stablehlo.scatter"(%47, %55, %56) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<i64>, %arg4: tensor<i64>):
      %130 = stablehlo.add %arg3, %arg4 : tensor<i64>
      stablehlo.return %130 : tensor<i64>
    }) : (tensor<13xi64>, tensor<13x1xi32>, tensor<13xi64>) -> tensor<13xi64>
    %58 = call @cumsum_1(%57) : (tensor<13xi64>) -> tensor<13xi64>
    %c_22 = stablehlo.constant dense<1> : tensor<i64>
    %59 = call @floor_divide(%58, %c_22) : (tensor<13xi64>, tensor<i64>) -> tensor<13xi64>
    %c_23 = stablehlo.constant dense<13> : tensor<i64>
    %60 = call @remainder(%59, %c_23) : (tensor<13xi64>, tensor<i64>) -> tensor<13xi64>
    %c_24 = stablehlo.constant dense<0> : tensor<i64>
    %61 = stablehlo.broadcast_in_dim %c_24, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %62 = stablehlo.compare LT, %60, %61, SIGNED : (tensor<13xi64>, tensor<13xi64>) -> tensor<13xi1>
    %c_25 = stablehlo.constant dense<13> : tensor<i64>
    %63 = stablehlo.broadcast_in_dim %c_25, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %64 = stablehlo.add %60, %63 : tensor<13xi64>
    %65 = stablehlo.select %62, %64, %60 : tensor<13xi1>, tensor<13xi64>
    %66 = stablehlo.convert %65 : (tensor<13xi64>) -> tensor<13xi32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %68 = "stablehlo.gather"(%45#0, %67) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>}> : (tensor<13x2xi32>, tensor<13x1xi32>) -> tensor<13x2xi32>
    %69 = stablehlo.iota dim = 0 : tensor<13xi64>
    %70 = stablehlo.convert %45#1 : (tensor<13xi1>) -> tensor<13xi32>
    %71 = stablehlo.convert %70 : (tensor<13xi32>) -> tensor<13xi64>
    %c_26 = stablehlo.constant dense<0> : tensor<i64>
    %72 = stablehlo.reduce(%71 init: %c_26) applies stablehlo.add across dimensions = [0] : (tensor<13xi64>, tensor<i64>) -> tensor<i64>
    %73 = stablehlo.broadcast_in_dim %72, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %74 = stablehlo.compare LT, %69, %73, SIGNED : (tensor<13xi64>, tensor<13xi64>) -> tensor<13xi1>
    %75 = stablehlo.broadcast_in_dim %74, dims = [0] : (tensor<13xi1>) -> tensor<13x1xi1>
    %76 = call @_where_4(%75, %68, %39) : (tensor<13x1xi1>, tensor<13x2xi32>, tensor<1x2xi32>) -> tensor<13x2xi32>
    %77 = call @cumsum(%45#1) : (tensor<13xi1>) -> tensor<13xi64>
    %c_27 = stablehlo.constant dense<1> : tensor<i64>
    %78 = stablehlo.broadcast_in_dim %c_27, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %79 = stablehlo.subtract %77, %78 : tensor<13xi64>
    %c_28 = stablehlo.constant dense<0> : tensor<i64>
    %80 = stablehlo.broadcast_in_dim %c_28, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %c_29 = stablehlo.constant dense<0> : tensor<i64>
    %81 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %82 = stablehlo.compare LT, %45#2, %81, SIGNED : (tensor<13xi64>, tensor<13xi64>) -> tensor<13xi1>
    %c_30 = stablehlo.constant dense<13> : tensor<i64>
    %83 = stablehlo.broadcast_in_dim %c_30, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %84 = stablehlo.add %45#2, %83 : tensor<13xi64>
    %85 = stablehlo.select %82, %84, %45#2 : tensor<13xi1>, tensor<13xi64>
    %86 = stablehlo.convert %85 : (tensor<13xi64>) -> tensor<13xi32>
    %87 = stablehlo.broadcast_in_dim %86, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %88 = "stablehlo.scatter"(%80, %87, %79) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<i64>, %arg4: tensor<i64>):
      stablehlo.return %arg4 : tensor<i64>
    }) : (tensor<13xi64>, tensor<13x1xi32>, tensor<13xi64>) -> tensor<13xi64>
    %89 = stablehlo.convert %45#1 : (tensor<13xi1>) -> tensor<13xi32>
    %90 = stablehlo.convert %89 : (tensor<13xi32>) -> tensor<13xi64>
    %c_31 = stablehlo.constant dense<0> : tensor<i64>
    %91 = stablehlo.reduce(%90 init: %c_31) applies stablehlo.add across dimensions = [0] : (tensor<13xi64>, tensor<i64>) -> tensor<i64>
    %92 = stablehlo.broadcast_in_dim %39, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<13x2xi32>
    %93 = stablehlo.compare EQ, %44, %92, SIGNED : (tensor<13x2xi32>, tensor<13x2xi32>) -> tensor<13x2xi1>
    %c_32 = stablehlo.constant dense<false> : tensor<i1>
    %94 = stablehlo.reduce(%93 init: %c_32) applies stablehlo.or across dimensions = [0, 1] : (tensor<13x2xi1>, tensor<i1>) -> tensor<i1>
    %95 = stablehlo.convert %94 : (tensor<i1>) -> tensor<i64>
    %96 = stablehlo.subtract %91, %95 : tensor<i64>
    %c_33 = stablehlo.constant dense<0> : tensor<i32>
    %97 = stablehlo.broadcast_in_dim %c_33, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %c_34 = stablehlo.constant dense<0> : tensor<i64>
    %98 = stablehlo.broadcast_in_dim %c_34, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %99 = stablehlo.compare LT, %88, %98, SIGNED : (tensor<13xi64>, tensor<13xi64>) -> tensor<13xi1>
    %c_35 = stablehlo.constant dense<13> : tensor<i64>
    %100 = stablehlo.broadcast_in_dim %c_35, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %101 = stablehlo.add %88, %100 : tensor<13xi64>
    %102 = stablehlo.select %99, %101, %88 : tensor<13xi1>, tensor<13xi64>
    %103 = stablehlo.convert %102 : (tensor<13xi64>) -> tensor<13xi32>
    %104 = stablehlo.broadcast_in_dim %103, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %105 = "stablehlo.scatter"(%97, %104, %arg0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      %130 = stablehlo.add %arg3, %arg4 : tensor<i32>
      stablehlo.return %130 : tensor<i32>
    }) : (tensor<13xi32>, tensor<13x1xi32>, tensor<13xi32>) -> tensor<13xi32>
    %106 = stablehlo.convert %105 : (tensor<13xi32>) -> tensor<13xi64>
    %c_36 = stablehlo.constant dense<0> : tensor<i64>
    %107 = stablehlo.reduce(%106 init: %c_36) applies stablehlo.add across dimensions = [] : (tensor<13xi64>, tensor<i64>) -> tensor<13xi64>
    %108 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<2xi32>) -> tensor<1x2xi32>
    %109 = stablehlo.broadcast_in_dim %108, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<13x2xi32>
    %110 = stablehlo.compare LT, %76, %109, SIGNED : (tensor<13x2xi32>, tensor<13x2xi32>) -> tensor<13x2xi1>
    %c_37 = stablehlo.constant dense<true> : tensor<i1>
    %111 = stablehlo.reduce(%110 init: %c_37) applies stablehlo.and across dimensions = [1] : (tensor<13x2xi1>, tensor<i1>) -> tensor<13xi1>
    %c_38 = stablehlo.constant dense<0> : tensor<i64>
    %112 = call @_where_5(%111, %107, %c_38) : (tensor<13xi1>, tensor<13xi64>, tensor<i64>) -> tensor<13xi64>
    %c_39 = stablehlo.constant dense<2> : tensor<i64>
    %113 = stablehlo.broadcast_in_dim %c_39, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %114 = stablehlo.add %c_0, %113 : tensor<1xi64>
    %115 = stablehlo.select %c_1, %114, %c_0 : tensor<1xi1>, tensor<1xi64>
    %116 = stablehlo.convert %115 : (tensor<1xi64>) -> tensor<1xi32>
    %117 = stablehlo.broadcast_in_dim %116, dims = [0] : (tensor<1xi32>) -> tensor<1x1xi32>
    %118 = "stablehlo.gather"(%76, %117) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 13, 1>}> : (tensor<13x2xi32>, tensor<1x1xi32>) -> tensor<13x1xi32>
    %119 = stablehlo.convert %38 : (tensor<5xi32>) -> tensor<5xi64>
    %120 = stablehlo.reshape %118 : (tensor<13x1xi32>) -> tensor<13xi32>
    %c_40 = stablehlo.constant dense<0> : tensor<i64>
    %121 = stablehlo.broadcast_in_dim %c_40, dims = [] : (tensor<i64>) -> tensor<5xi64>
    %c_41 = stablehlo.constant dense<0> : tensor<i32>
    %122 = stablehlo.broadcast_in_dim %c_41, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %123 = stablehlo.compare LT, %120, %122, SIGNED : (tensor<13xi32>, tensor<13xi32>) -> tensor<13xi1>
    %c_42 = stablehlo.constant dense<5> : tensor<i32>
    %124 = stablehlo.broadcast_in_dim %c_42, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %125 = stablehlo.add %120, %124 : tensor<13xi32>
    %126 = stablehlo.select %123, %125, %120 : tensor<13xi1>, tensor<13xi32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %128 = "stablehlo.scatter"(%121, %127, %112) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<i64>, %arg4: tensor<i64>):
      %130 = stablehlo.add %arg3, %arg4 : tensor<i64>
      stablehlo.return %130 : tensor<i64>
    }) : (tensor<5xi64>, tensor<13x1xi32>, tensor<13xi64>) -> tensor<5xi64>
    %129 = stablehlo.add %128, %119 : tensor<5xi64>
    return %129 : tensor<5xi64>
  }
  func.func private @_where(%arg0: tensor<13x1xi1>, %arg1: tensor<1x2xi32>, %arg2: tensor<13x2xi32>) -> tensor<13x2xi32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<13x1xi1>) -> tensor<13x2xi1>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<13x2xi32>
    %2 = stablehlo.select %0, %1, %arg2 : tensor<13x2xi1>, tensor<13x2xi32>
    return %2 : tensor<13x2xi32>
  }
  func.func private @_unique_sorted_mask(%arg0: tensor<13x2xi32>) -> (tensor<13x2xi32>, tensor<13xi1>, tensor<13xi64>) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<13x2xi32>) -> tensor<2x13xi32>
    %1 = stablehlo.reverse %0, dims = [0] : tensor<2x13xi32>
    %2 = call @lexsort(%1) : (tensor<2x13xi32>) -> tensor<13xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %4 = stablehlo.compare LT, %2, %3, SIGNED : (tensor<13xi64>, tensor<13xi64>) -> tensor<13xi1>
    %c_0 = stablehlo.constant dense<13> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %6 = stablehlo.add %2, %5 : tensor<13xi64>
    %7 = stablehlo.select %4, %6, %2 : tensor<13xi1>, tensor<13xi64>
    %8 = stablehlo.convert %7 : (tensor<13xi64>) -> tensor<13xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %10 = "stablehlo.gather"(%arg0, %9) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>}> : (tensor<13x2xi32>, tensor<13x1xi32>) -> tensor<13x2xi32>
    %c_1 = stablehlo.constant dense<true> : tensor<i1>
    %11 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i1>) -> tensor<13xi1>
    %12 = stablehlo.slice %10 [1:13, 0:2] : (tensor<13x2xi32>) -> tensor<12x2xi32>
    %13 = stablehlo.slice %10 [0:12, 0:2] : (tensor<13x2xi32>) -> tensor<12x2xi32>
    %14 = stablehlo.compare NE, %12, %13, SIGNED : (tensor<12x2xi32>, tensor<12x2xi32>) -> tensor<12x2xi1>
    %c_2 = stablehlo.constant dense<false> : tensor<i1>
    %15 = stablehlo.reduce(%14 init: %c_2) applies stablehlo.or across dimensions = [1] : (tensor<12x2xi1>, tensor<i1>) -> tensor<12xi1>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %17 = "stablehlo.scatter"(%11, %16, %15) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg1: tensor<i1>, %arg2: tensor<i1>):
      stablehlo.return %arg2 : tensor<i1>
    }) : (tensor<13xi1>, tensor<1xi32>, tensor<12xi1>) -> tensor<13xi1>
    return %10, %17, %2 : tensor<13x2xi32>, tensor<13xi1>, tensor<13xi64>
  }
  func.func private @lexsort(%arg0: tensor<2x13xi32>) -> tensor<13xi64> {
    %0 = stablehlo.slice %arg0 [0:1, 0:13] : (tensor<2x13xi32>) -> tensor<1x13xi32>
    %1 = stablehlo.reshape %0 : (tensor<1x13xi32>) -> tensor<13xi32>
    %2 = stablehlo.slice %arg0 [1:2, 0:13] : (tensor<2x13xi32>) -> tensor<1x13xi32>
    %3 = stablehlo.reshape %2 : (tensor<1x13xi32>) -> tensor<13xi32>
    %4 = stablehlo.iota dim = 0 : tensor<13xi64>
    %5:3 = "stablehlo.sort"(%3, %1, %4) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<i64>, %arg6: tensor<i64>):
      %6 = stablehlo.compare LT, %arg3, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.compare LT, %arg1, %arg2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %8 = stablehlo.compare EQ, %arg1, %arg2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %9 = stablehlo.and %8, %6 : tensor<i1>
      %10 = stablehlo.or %7, %9 : tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<13xi32>, tensor<13xi32>, tensor<13xi64>) -> (tensor<13xi32>, tensor<13xi32>, tensor<13xi64>)
    return %5#2 : tensor<13xi64>
  }
  func.func private @cumsum(%arg0: tensor<13xi1>) -> tensor<13xi64> {
    %0 = stablehlo.convert %arg0 : (tensor<13xi1>) -> tensor<13xi64>
    %1 = call @cumsum_0(%0) : (tensor<13xi64>) -> tensor<13xi64>
    return %1 : tensor<13xi64>
  }
  func.func private @cumsum_0(%arg0: tensor<13xi64>) -> tensor<13xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<i64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[12, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 13>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i64>
      stablehlo.return %2 : tensor<i64>
    }) : (tensor<13xi64>, tensor<i64>) -> tensor<13xi64>
    return %1 : tensor<13xi64>
  }
  func.func private @clip(%arg0: tensor<13xi64>, %arg1: tensor<i64>) -> tensor<13xi64> {
    %0 = stablehlo.convert %arg1 : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %2 = stablehlo.maximum %1, %arg0 : tensor<13xi64>
    return %2 : tensor<13xi64>
  }
  func.func private @cumsum_1(%arg0: tensor<13xi64>) -> tensor<13xi64> {
    %0 = call @cumsum_0(%arg0) : (tensor<13xi64>) -> tensor<13xi64>
    return %0 : tensor<13xi64>
  }
  func.func private @floor_divide(%arg0: tensor<13xi64>, %arg1: tensor<i64>) -> tensor<13xi64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %1 = stablehlo.divide %arg0, %0 : tensor<13xi64>
    %2 = stablehlo.sign %arg0 : tensor<13xi64>
    %3 = stablehlo.sign %arg1 : tensor<i64>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<13xi64>, tensor<13xi64>) -> tensor<13xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %7 = stablehlo.remainder %arg0, %6 : tensor<13xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<13xi64>, tensor<13xi64>) -> tensor<13xi1>
    %10 = stablehlo.and %5, %9 : tensor<13xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %12 = stablehlo.subtract %1, %11 : tensor<13xi64>
    %13 = call @_where_2(%10, %12, %1) : (tensor<13xi1>, tensor<13xi64>, tensor<13xi64>) -> tensor<13xi64>
    return %13 : tensor<13xi64>
  }
  func.func private @_where_2(%arg0: tensor<13xi1>, %arg1: tensor<13xi64>, %arg2: tensor<13xi64>) -> tensor<13xi64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<13xi1>, tensor<13xi64>
    return %0 : tensor<13xi64>
  }
  func.func private @remainder(%arg0: tensor<13xi64>, %arg1: tensor<i64>) -> tensor<13xi64> {
    %0 = stablehlo.convert %arg1 : tensor<i64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = call @_where_3(%1, %c_0, %0) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %4 = stablehlo.remainder %arg0, %3 : tensor<13xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<13xi64>, tensor<13xi64>) -> tensor<13xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<13xi64>, tensor<13xi64>) -> tensor<13xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<13xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<13xi1>, tensor<13xi1>) -> tensor<13xi1>
    %12 = stablehlo.and %11, %6 : tensor<13xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %14 = stablehlo.add %4, %13 : tensor<13xi64>
    %15 = stablehlo.select %12, %14, %4 : tensor<13xi1>, tensor<13xi64>
    return %15 : tensor<13xi64>
  }
  func.func private @_where_3(%arg0: tensor<i1>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i64>
    return %0 : tensor<i64>
  }
  func.func private @_where_4(%arg0: tensor<13x1xi1>, %arg1: tensor<13x2xi32>, %arg2: tensor<1x2xi32>) -> tensor<13x2xi32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<13x1xi1>) -> tensor<13x2xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<13x2xi32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<13x2xi1>, tensor<13x2xi32>
    return %2 : tensor<13x2xi32>
  }
  func.func private @_where_5(%arg0: tensor<13xi1>, %arg1: tensor<13xi64>, %arg2: tensor<i64>) -> tensor<13xi64> {
    %0 = stablehlo.convert %arg2 : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i64>) -> tensor<13xi64>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<13xi1>, tensor<13xi64>
    return %2 : tensor<13xi64>
  }
}
