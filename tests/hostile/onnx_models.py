"""Small ONNX classifiers for the hostile-file reproducers: input x (N x C x H x W), the nodes
given, output y. Saved without onnx.checker: hostile files break the rules on purpose."""
import onnx
from onnx import TensorProto, helper


def dense_classifier(weight, extra_nodes=(), extra_initializers=(), input_shape=(1, 1, 4)):
    """x -> Flatten -> Gemm(weight, transB) -> y, after `extra_nodes` (which need not be used)."""
    nodes = list(extra_nodes) + [
        helper.make_node("Flatten", ["x"], ["flat"], name="flatten"),
        helper.make_node("Gemm", ["flat", weight.name], ["y"], name="fc", transB=1),
    ]
    return model(nodes, [weight, *extra_initializers], input_shape)


def model(nodes, initializers, input_shape):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", *input_shape])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    graph = helper.make_graph(nodes, "hostile", [x], [y], initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def external_weight(name, dims, location):
    """A float tensor whose bytes are external data at `location`, beside the model."""
    tensor = TensorProto(name=name, data_type=TensorProto.FLOAT, dims=dims)
    tensor.data_location = TensorProto.EXTERNAL
    tensor.external_data.add(key="location", value=location)
    return tensor


def save(model_proto, path):
    onnx.save(model_proto, path)
