module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5xf64>) -> (tensor<5xcomplex<f64>> {jax.result_info = "result"}) {
    %0 = call @eigvals(%arg0) : (tensor<5x5xf64>) -> tensor<5xcomplex<f64>>
    %1 = stablehlo.imag %0 : (tensor<5xcomplex<f64>>) -> tensor<5xf64>
    %2 = stablehlo.real %0 : (tensor<5xcomplex<f64>>) -> tensor<5xf64>
    %3 = call @lexsort(%1, %2) : (tensor<5xf64>, tensor<5xf64>) -> tensor<5xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5xi64>
    %5 = stablehlo.compare LT, %3, %4, SIGNED : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i64>
    %6 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<5xi64>
    %7 = stablehlo.add %3, %6 : tensor<5xi64>
    %8 = stablehlo.select %5, %7, %3 : tensor<5xi1>, tensor<5xi64>
    %9 = stablehlo.convert %8 : (tensor<5xi64>) -> tensor<5xi32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %11 = "stablehlo.gather"(%0, %10) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<5xcomplex<f64>>, tensor<5x1xi32>) -> tensor<5xcomplex<f64>>
    return %11 : tensor<5xcomplex<f64>>
  }
  func.func private @eigvals(%arg0: tensor<5x5xf64>) -> tensor<5xcomplex<f64>> {
    %0:5 = stablehlo.custom_call @lapack_dgeev_ffi(%arg0) {backend_config = "", mhlo.backend_config = {compute_left = 78 : ui8, compute_right = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k], [l], [m, n], [o, p], []) {i=5, j=5, k=5, l=5, m=5, n=5, o=5, p=5}, custom>} : (tensor<5x5xf64>) -> (tensor<5xf64>, tensor<5xf64>, tensor<5x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<i32>)
    %1 = stablehlo.complex %0#0, %0#1 : tensor<5xcomplex<f64>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %3 = stablehlo.compare EQ, %0#4, %2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<5xcomplex<f64>>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %7 = stablehlo.select %6, %1, %5 : tensor<5xi1>, tensor<5xcomplex<f64>>
    return %7 : tensor<5xcomplex<f64>>
  }
  func.func private @lexsort(%arg0: tensor<5xf64>, %arg1: tensor<5xf64>) -> tensor<5xi64> {
    %0 = stablehlo.iota dim = 0 : tensor<5xi64>
    %1:3 = "stablehlo.sort"(%arg1, %arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<f64>, %arg3: tensor<f64>, %arg4: tensor<f64>, %arg5: tensor<f64>, %arg6: tensor<i64>, %arg7: tensor<i64>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %2 = stablehlo.compare EQ, %arg2, %cst, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %3 = stablehlo.select %2, %cst_0, %arg2 : tensor<i1>, tensor<f64>
      %4 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f64>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %6 = stablehlo.compare EQ, %arg3, %cst_2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %7 = stablehlo.select %6, %cst_3, %arg3 : tensor<i1>, tensor<f64>
      %8 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %9 = stablehlo.select %8, %cst_4, %7 : tensor<i1>, tensor<f64>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %10 = stablehlo.compare EQ, %arg4, %cst_5, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %11 = stablehlo.select %10, %cst_6, %arg4 : tensor<i1>, tensor<f64>
      %12 = stablehlo.compare NE, %arg4, %arg4, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_7 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %13 = stablehlo.select %12, %cst_7, %11 : tensor<i1>, tensor<f64>
      %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %14 = stablehlo.compare EQ, %arg5, %cst_8, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %15 = stablehlo.select %14, %cst_9, %arg5 : tensor<i1>, tensor<f64>
      %16 = stablehlo.compare NE, %arg5, %arg5, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %cst_10 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %17 = stablehlo.select %16, %cst_10, %15 : tensor<i1>, tensor<f64>
      %18 = stablehlo.compare LT, %13, %17, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %19 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %20 = stablehlo.compare EQ, %5, %9, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %21 = stablehlo.and %20, %18 : tensor<i1>
      %22 = stablehlo.or %19, %21 : tensor<i1>
      stablehlo.return %22 : tensor<i1>
    }) : (tensor<5xf64>, tensor<5xf64>, tensor<5xi64>) -> (tensor<5xf64>, tensor<5xf64>, tensor<5xi64>)
    return %1#2 : tensor<5xi64>
  }
}
