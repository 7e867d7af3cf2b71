module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<5x5xcomplex<f64>> {jax.result_info = "result[1]"}) {
    %0:2 = call @hessenberg(%arg0) : (tensor<5x5xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>)
    return %0#0, %0#1 : tensor<5x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>
  }
  func.func private @hessenberg(%arg0: tensor<5x5xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>) {
    %0:3 = stablehlo.custom_call @lapack_zgehrd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {high = 5 : i32, low = 1 : i32}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=4}, custom>} : (tensor<5x5xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#2, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<5x5xi1>, tensor<5x5xcomplex<f64>>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f64>>) -> tensor<4xcomplex<f64>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %10 = stablehlo.select %9, %0#1, %8 : tensor<4xi1>, tensor<4xcomplex<f64>>
    %11 = call @triu(%6) : (tensor<5x5xcomplex<f64>>) -> tensor<5x5xcomplex<f64>>
    %12 = stablehlo.slice %6 [1:5, 0:4] : (tensor<5x5xcomplex<f64>>) -> tensor<4x4xcomplex<f64>>
    %13 = stablehlo.custom_call @lapack_zungqr_ffi(%12, %10) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<4x4xcomplex<f64>>
    %cst_1 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f64>>) -> tensor<1x1xcomplex<f64>>
    %cst_2 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<complex<f64>>) -> tensor<1x4xcomplex<f64>>
    %cst_3 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %16 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<complex<f64>>) -> tensor<4x1xcomplex<f64>>
    %17 = call @block(%14, %15, %16, %13) : (tensor<1x1xcomplex<f64>>, tensor<1x4xcomplex<f64>>, tensor<4x1xcomplex<f64>>, tensor<4x4xcomplex<f64>>) -> tensor<5x5xcomplex<f64>>
    return %11, %17 : tensor<5x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>
  }
  func.func private @triu(%arg0: tensor<5x5xcomplex<f64>>) -> tensor<5x5xcomplex<f64>> {
    %0 = stablehlo.iota dim = 0 : tensor<5x5xi64>
    %c = stablehlo.constant dense<-2> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<5x5xi64>
    %2 = stablehlo.add %0, %1 : tensor<5x5xi64>
    %3 = stablehlo.iota dim = 1 : tensor<5x5xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<5x5xi64>, tensor<5x5xi64>) -> tensor<5x5xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %6 = stablehlo.select %4, %5, %arg0 : tensor<5x5xi1>, tensor<5x5xcomplex<f64>>
    return %6 : tensor<5x5xcomplex<f64>>
  }
  func.func private @block(%arg0: tensor<1x1xcomplex<f64>>, %arg1: tensor<1x4xcomplex<f64>>, %arg2: tensor<4x1xcomplex<f64>>, %arg3: tensor<4x4xcomplex<f64>>) -> tensor<5x5xcomplex<f64>> {
    %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<1x1xcomplex<f64>>, tensor<1x4xcomplex<f64>>) -> tensor<1x5xcomplex<f64>>
    %1 = stablehlo.concatenate %arg2, %arg3, dim = 1 : (tensor<4x1xcomplex<f64>>, tensor<4x4xcomplex<f64>>) -> tensor<4x5xcomplex<f64>>
    %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<1x5xcomplex<f64>>, tensor<4x5xcomplex<f64>>) -> tensor<5x5xcomplex<f64>>
    return %2 : tensor<5x5xcomplex<f64>>
  }
}
