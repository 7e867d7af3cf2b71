module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x3xcomplex<f32>>, %arg1: tensor<6x2xcomplex<f32>>) -> (tensor<3x2xcomplex<f32>> {jax.result_info = "result"}) {
    %0 = call @_lstsq(%arg0, %arg1) : (tensor<6x3xcomplex<f32>>, tensor<6x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
    return %0 : tensor<3x2xcomplex<f32>>
  }
  func.func private @_lstsq(%arg0: tensor<6x3xcomplex<f32>>, %arg1: tensor<6x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>> {
    %0:3 = call @svd(%arg0) : (tensor<6x3xcomplex<f32>>) -> (tensor<6x3xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>)
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.compare GT, %0#1, %1, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    %3 = stablehlo.slice %0#1 [0:1] : (tensor<3xf32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<7.15255737E-7> : tensor<f32>
    %5 = stablehlo.multiply %cst_0, %4 : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %7 = stablehlo.compare GE, %0#1, %6, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    %8 = stablehlo.and %2, %7 : tensor<3xi1>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %9 = call @_where(%8, %0#1, %c) : (tensor<3xi1>, tensor<3xf32>, tensor<i32>) -> tensor<3xf32>
    %10 = stablehlo.convert %9 : (tensor<3xf32>) -> tensor<3xcomplex<f32>>
    %cst_1 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<3xcomplex<f32>>
    %12 = stablehlo.divide %11, %10 : tensor<3xcomplex<f32>>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %13 = call @_where_0(%8, %12, %c_2) : (tensor<3xi1>, tensor<3xcomplex<f32>>, tensor<i32>) -> tensor<3xcomplex<f32>>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<3xcomplex<f32>>) -> tensor<3x1xcomplex<f32>>
    %15 = stablehlo.real %0#0 : (tensor<6x3xcomplex<f32>>) -> tensor<6x3xf32>
    %16 = stablehlo.imag %0#0 : (tensor<6x3xcomplex<f32>>) -> tensor<6x3xf32>
    %17 = stablehlo.negate %16 : tensor<6x3xf32>
    %18 = stablehlo.complex %15, %17 : tensor<6x3xcomplex<f32>>
    %19 = stablehlo.transpose %18, dims = [1, 0] : (tensor<6x3xcomplex<f32>>) -> tensor<3x6xcomplex<f32>>
    %20 = stablehlo.dot_general %19, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x6xcomplex<f32>>, tensor<6x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
    %21 = stablehlo.real %0#2 : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xf32>
    %22 = stablehlo.imag %0#2 : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xf32>
    %23 = stablehlo.negate %22 : tensor<3x3xf32>
    %24 = stablehlo.complex %21, %23 : tensor<3x3xcomplex<f32>>
    %25 = stablehlo.transpose %24, dims = [1, 0] : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    %26 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<3x1xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
    %27 = stablehlo.multiply %26, %20 : tensor<3x2xcomplex<f32>>
    %28 = stablehlo.dot_general %25, %27, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
    return %28 : tensor<3x2xcomplex<f32>>
  }
  func.func private @svd(%arg0: tensor<6x3xcomplex<f32>>) -> (tensor<6x3xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>) {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=6, j=3, k=6, l=3, m=3, n=6, o=3, p=3, q=3}, custom>} : (tensor<6x3xcomplex<f32>>) -> (tensor<6x3xcomplex<f32>>, tensor<3xf32>, tensor<6x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf32>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<6x3xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<6x3xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<6x3xi1>, tensor<6x3xcomplex<f32>>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_1 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<3x3xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<3x3xi1>, tensor<3x3xcomplex<f32>>
    return %10, %6, %14 : tensor<6x3xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>
  }
  func.func private @_where(%arg0: tensor<3xi1>, %arg1: tensor<3xf32>, %arg2: tensor<i32>) -> tensor<3xf32> {
    %0 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<3xi1>, tensor<3xf32>
    return %2 : tensor<3xf32>
  }
  func.func private @_where_0(%arg0: tensor<3xi1>, %arg1: tensor<3xcomplex<f32>>, %arg2: tensor<i32>) -> tensor<3xcomplex<f32>> {
    %0 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<complex<f32>>) -> tensor<3xcomplex<f32>>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<3xi1>, tensor<3xcomplex<f32>>
    return %2 : tensor<3xcomplex<f32>>
  }
}
