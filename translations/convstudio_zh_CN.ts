<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AddBlockCommand</name>
    <message>
        <location filename="../widgets/builder/add_block_command.cpp" line="+9"/>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
</context>
<context>
    <name>AutoLayoutCommand</name>
    <message>
        <location filename="../widgets/builder/auto_layout_command.cpp" line="+10"/>
        <source>Arrange blocks</source>
        <translation>排列模块</translation>
    </message>
</context>
<context>
    <name>BlockCatalog</name>
    <message>
        <location filename="../engine/src/blocks/adaptive_avg_pool2d/adaptive_avg_pool2d_model.cpp" line="+36"/>
        <source>Averages to a fixed output size; size 1 is global average pooling.</source>
        <translation>平均池化到固定的输出尺寸；尺寸为 1 即全局平均池化。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Output size</source>
        <translation>输出尺寸</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output height and width; 1 = global pool.</source>
        <translation>输出的高和宽；1 表示全局池化。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/add/add_model.cpp" line="+13"/>
        <source>Element-wise sum of 2 to 8 inputs of the same shape (residual).</source>
        <translation>将 2 到 8 个形状相同的输入逐元素相加（残差连接）。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/avg_pool2d/avg_pool2d_model.cpp" line="+12"/>
        <source>Average over each window (padding counts as zeros).</source>
        <translation>对每个窗口求平均（填充按 0 计入）。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/batch_norm2d/batch_norm2d_model.cpp" line="+27"/>
        <source>Batch normalisation per channel, with learned scale and shift.</source>
        <translation>按通道做批归一化，带可学习的缩放和平移。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../engine/src/blocks/group_norm/group_norm_model.cpp" line="+47"/>
        <source>Epsilon</source>
        <translation>ε 值</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/blocks/group_norm/group_norm_model.cpp" line="+1"/>
        <source>Added to the variance.</source>
        <translation>加到方差上，避免除以零。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Momentum</source>
        <translation>动量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight of the newest batch in the running statistics.</source>
        <translation>最新批次在滑动统计量中所占的权重。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/block_categories.h" line="+8"/>
        <source>Input/Output</source>
        <translation>输入/输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Convolution</source>
        <translation>卷积</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pooling</source>
        <translation>池化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regularization</source>
        <translation>正则化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Structure</source>
        <translation>结构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dense</source>
        <translation>全连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/concat/concat_model.cpp" line="+13"/>
        <source>Joins 2 to 8 inputs along the channels (same H×W).</source>
        <translation>沿通道拼接 2 到 8 个输入（H×W 须相同）。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/conv2d/conv2d_model.cpp" line="+108"/>
        <source>2-D convolution; input channels are inferred from the incoming wire.</source>
        <translation>二维卷积；输入通道数由连入的连线自动推断。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+102"/>
        <source>Output channels</source>
        <translation>输出通道数</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+2"/>
        <source>Number of filters (output channels).</source>
        <translation>卷积核（滤波器）的个数，即输出通道数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+1"/>
        <location filename="../engine/src/blocks/shared/pool_window.cpp" line="+11"/>
        <source>Kernel size</source>
        <translation>核大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+1"/>
        <source>Kernel size (square).</source>
        <translation>卷积核边长（正方形）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+1"/>
        <location filename="../engine/src/blocks/shared/pool_window.cpp" line="+2"/>
        <source>Stride</source>
        <translation>步长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step between kernel positions.</source>
        <translation>卷积核每次移动的距离。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+4"/>
        <location filename="../engine/src/blocks/shared/pool_window.cpp" line="+2"/>
        <source>Padding</source>
        <translation>填充</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zero padding on each side (padding_mode explicit).</source>
        <translation>每侧补零的像素数（padding_mode 为 explicit 时生效）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Padding mode</source>
        <translation>填充方式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>explicit uses `padding`; same keeps H×W (PyTorch padding=&apos;same&apos;, stride 1).</source>
        <translation>explicit 使用 `padding` 的值；same 保持 H×W 不变（即 PyTorch 的 padding=&apos;same&apos;，要求步长为 1）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+10"/>
        <source>Dilation</source>
        <translation>膨胀率</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+1"/>
        <source>Spacing between kernel taps.</source>
        <translation>卷积核采样点之间的间距（空洞卷积）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+1"/>
        <location filename="../engine/src/blocks/group_norm/group_norm_model.cpp" line="-4"/>
        <source>Groups</source>
        <translation>分组数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Channel groups; = input channels makes a depthwise convolution.</source>
        <translation>通道分组数；等于输入通道数时即为深度卷积（depthwise）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+4"/>
        <location filename="../engine/src/blocks/linear/linear_model.cpp" line="+27"/>
        <source>Bias</source>
        <translation>偏置</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="+1"/>
        <source>Learn a bias per output channel.</source>
        <translation>为每个输出通道学习一个偏置。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/dropout/dropout_model.cpp" line="+12"/>
        <source>Zeroes random elements while training and rescales the rest.</source>
        <translation>训练时随机将元素置零，并按比例放大其余元素。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../engine/src/blocks/dropout2d/dropout2d_model.cpp" line="+13"/>
        <source>Drop probability</source>
        <translation>丢弃概率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Probability of zeroing an element.</source>
        <translation>每个元素被置零的概率。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/dropout2d/dropout2d_model.cpp" line="-1"/>
        <source>Zeroes whole random channels while training.</source>
        <translation>训练时随机将整个通道置零。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Probability of zeroing a channel.</source>
        <translation>每个通道被置零的概率。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/flatten/flatten_model.cpp" line="+12"/>
        <source>Turns C×H×W into a flat vector of C·H·W features.</source>
        <translation>将 C×H×W 展平为含 C·H·W 个特征的向量。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/gelu/gelu_model.cpp" line="+11"/>
        <source>Gaussian error linear unit (exact).</source>
        <translation>高斯误差线性单元（精确形式）。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/input/input_model.cpp" line="+39"/>
        <source>The image batch entering the network (C×H×W per sample).</source>
        <translation>进入网络的图像批次（每个样本为 C×H×W）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Channels</source>
        <translation>通道数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image channels: 1 grey, 3 colour.</source>
        <translation>图像通道数：1 为灰度，3 为彩色。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/blocks/upsample/upsample_model.cpp" line="+59"/>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image height in pixels.</source>
        <translation>图像高度（像素）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/blocks/upsample/upsample_model.cpp" line="+2"/>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image width in pixels.</source>
        <translation>图像宽度（像素）。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/leaky_relu/leaky_relu_model.cpp" line="+12"/>
        <source>x for x &gt; 0, slope·x otherwise.</source>
        <translation>x &gt; 0 时为 x，否则为 slope·x。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Negative slope</source>
        <translation>负半轴斜率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slope for negative inputs.</source>
        <translation>输入为负时的斜率。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/linear/linear_model.cpp" line="-5"/>
        <source>Fully connected layer on a flat input; input features are inferred.</source>
        <translation>作用于展平输入的全连接层；输入特征数自动推断。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Output features</source>
        <translation>输出特征数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Number of output features.</source>
        <translation>输出特征的个数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learn a bias per output feature.</source>
        <translation>为每个输出特征学习一个偏置。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/max_pool2d/max_pool2d_model.cpp" line="+11"/>
        <source>Maximum over each window.</source>
        <translation>取每个窗口内的最大值。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/output/output_model.cpp" line="+24"/>
        <source>Classes</source>
        <translation>类别数</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>The model&apos;s output. Dense: class scores from a Linear layer to `classes` on a flat input. Pass-through: the incoming tensor as it is (N×K scores or N×K×H×W logits). Softmax only at inference.</source>
        <translation>模型的输出。dense：在展平的输入上接一个输出 `classes` 个值的全连接层，给出类别得分。pass-through：原样输出传入的张量（N×K 得分或 N×K×H×W logits）。只在推理时做 softmax。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Number of classes (dense mode; pass-through takes the incoming channels).</source>
        <translation>类别的个数（dense 模式；pass-through 取传入张量的通道数）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Softmax at inference</source>
        <translation>推理时 softmax</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply softmax when running for inference; training always uses logits.</source>
        <translation>推理时对输出做 softmax；训练始终使用 logits。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>dense adds a Linear layer to `classes`; pass-through outputs the incoming tensor (its channels are the classes).</source>
        <translation>dense 加一个输出 `classes` 个值的全连接层；pass-through 直接输出传入的张量（其通道即类别）。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/relu/relu_model.cpp" line="+11"/>
        <source>max(0, x).</source>
        <translation>max(0, x)。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/shared/pool_window.cpp" line="-3"/>
        <source>Window size (square).</source>
        <translation>窗口边长（正方形）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Step between windows; 0 = the kernel size.</source>
        <translation>窗口之间的步长；0 表示等于窗口大小。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Implicit padding on each side; at most half the kernel.</source>
        <translation>每侧的隐式填充；最多为窗口大小的一半。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ceil mode</source>
        <translation>向上取整模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round the output size up, so a last partial window counts (PyTorch&apos;s ceil_mode).</source>
        <translation>输出尺寸向上取整，使最后一个不完整的窗口也被计入（PyTorch 的 ceil_mode）。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/sigmoid/sigmoid_model.cpp" line="+11"/>
        <source>1 / (1 + e^-x).</source>
        <translation>1 / (1 + e^-x)。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/silu/silu_model.cpp" line="+12"/>
        <source>x·sigmoid(x), also called swish.</source>
        <translation>x·sigmoid(x)，又称 swish。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/tanh/tanh_model.cpp" line="+11"/>
        <source>Hyperbolic tangent.</source>
        <translation>双曲正切。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/relu6/relu6_model.cpp" line="+12"/>
        <source>min(max(0, x), 6): ReLU capped at 6 (MobileNet).</source>
        <translation>min(max(0, x), 6)：上限为 6 的 ReLU（MobileNet）。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/hardswish/hardswish_model.cpp" line="+12"/>
        <source>x·relu6(x + 3) / 6: a cheap swish (MobileNetV3).</source>
        <translation>x·relu6(x + 3) / 6：计算开销很低的 swish（MobileNetV3）。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/hardsigmoid/hardsigmoid_model.cpp" line="+12"/>
        <source>relu6(x + 3) / 6: a piecewise-linear sigmoid.</source>
        <translation>relu6(x + 3) / 6：分段线性的 sigmoid。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/group_norm/group_norm_model.cpp" line="-4"/>
        <source>Normalises each sample over groups of channels, with learned scale and shift; independent of the batch size.</source>
        <translation>对每个样本按通道分组做归一化，带可学习的缩放和平移；与批大小无关。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Number of channel groups; must divide the channels.</source>
        <translation>通道分组数；必须能整除通道数。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/conv_transpose2d/conv_transpose2d_model.cpp" line="-30"/>
        <source>Transposed 2-D convolution: learns to upsample (stride 2 doubles H×W with kernel 2, or kernel 4 and padding 1).</source>
        <translation>二维转置卷积：学习上采样（步幅 2、卷积核 2，或卷积核 4 加填充 1，可使 H×W 加倍）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Upsampling step: the output grows by this factor.</source>
        <translation>上采样步幅：输出按此倍数放大。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rows and columns removed from each side of the output (dilation·(kernel−1) − padding of implicit zero padding).</source>
        <translation>从输出每一边去掉的行数和列数（隐式零填充为 dilation·(kernel−1) − padding）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Output padding</source>
        <translation>输出填充</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Extra rows and columns on one side of the output; smaller than the stride or the dilation.</source>
        <translation>在输出一侧额外加的行数和列数；须小于步幅或膨胀系数。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Channel groups; must divide input and output channels.</source>
        <translation>通道分组数；须整除输入和输出通道数。</translation>
    </message>
    <message>
        <location filename="../engine/src/blocks/upsample/upsample_model.cpp" line="-18"/>
        <source>Resizes H×W by nearest-neighbour or bilinear interpolation, by a whole scale factor or to a fixed size (PyTorch F.interpolate).</source>
        <translation>用最近邻或双线性插值改变 H×W，按整数倍缩放或缩放到固定尺寸（PyTorch F.interpolate）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Interpolation</source>
        <translation>插值方式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nearest copies the closest pixel; bilinear blends the four nearest.</source>
        <translation>nearest 复制最近的像素；bilinear 混合最近的四个像素。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Resize by</source>
        <translation>缩放依据</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scale multiplies H and W by `scale`; size resizes to `height`×`width`.</source>
        <translation>scale 把 H 和 W 乘以 `scale`；size 缩放到 `height`×`width`。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scale factor</source>
        <translation>缩放倍数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whole factor for H and W (by scale).</source>
        <translation>H 和 W 的整数倍数（按 scale）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output height (by size).</source>
        <translation>输出高度（按 size）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output width (by size).</source>
        <translation>输出宽度（按 size）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Align corners</source>
        <translation>角点对齐</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bilinear only: map the corner pixels onto each other (PyTorch align_corners).</source>
        <translation>仅用于双线性：让角上的像素彼此对齐（PyTorch align_corners）。</translation>
    </message>
</context>
<context>
    <name>BlockItem</name>
    <message>
        <location filename="../widgets/builder/block_item.cpp" line="+237"/>
        <source>frozen</source>
        <translation>已冻结</translation>
    </message>
</context>
<context>
    <name>BlockText</name>
    <message>
        <location filename="../widgets/builder/block_text.cpp" line="+91"/>
        <source>%1 params</source>
        <translation>%1 参数</translation>
    </message>
</context>
<context>
    <name>ConnectCommand</name>
    <message>
        <location filename="../widgets/builder/connect_command.cpp" line="+12"/>
        <source>Connect %1 to %2</source>
        <translation>连接 %1 到 %2</translation>
    </message>
</context>
<context>
    <name>DatasetFormat</name>
    <message>
        <location filename="../engine/src/data/formats/csv/csv_format.cpp" line="+23"/>
        <source>Labels in a CSV file (path,label)</source>
        <translation>CSV 标签文件（path,label）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>choose a CSV file with path,label rows</source>
        <translation>选择包含 path,label 行的 CSV 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/src/data/formats/segmentation_csv/segmentation_csv_format.cpp" line="+28"/>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../engine/src/data/formats/fashion_mnist/fashion_mnist_format.cpp" line="+11"/>
        <source>Fashion-MNIST (built in)</source>
        <translation>Fashion-MNIST（内置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>built-in location</source>
        <translation>内置位置</translation>
    </message>
    <message>
        <location filename="../engine/src/data/formats/idx/idx_format.cpp" line="+20"/>
        <source>IDX folder (MNIST format)</source>
        <translation>IDX 文件夹（MNIST 格式）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A folder with train-images-idx3-ubyte[.gz] and its labels</source>
        <translation>包含 train-images-idx3-ubyte[.gz] 及其标签的文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../engine/src/data/formats/imagefolder/imagefolder_format.cpp" line="+33"/>
        <location filename="../engine/src/data/formats/labelled_folder/labelled_folder_format.cpp" line="+31"/>
        <source>choose a folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <location filename="../engine/src/data/formats/imagefolder/imagefolder_format.cpp" line="-3"/>
        <source>Image folder</source>
        <translation>图像文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One subfolder of images per class; the folder names are the classes</source>
        <translation>每个类别一个图像子文件夹；文件夹名即类别名</translation>
    </message>
    <message>
        <location filename="../engine/src/data/formats/labelled_folder/labelled_folder_format.cpp" line="-5"/>
        <source>Image folder with a labels file</source>
        <translation>带标签文件的图像文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Images in one folder, labelled by labels.csv or labels.txt (file,label lines) or labels.json ({&quot;file&quot;: &quot;label&quot;}) beside them</source>
        <translation>同一文件夹中的图像，由旁边的 labels.csv 或 labels.txt（file,label 行）或 labels.json（{&quot;file&quot;: &quot;label&quot;}）标注</translation>
    </message>
    <message>
        <location filename="../engine/src/data/formats/segmentation_csv/segmentation_csv_format.cpp" line="-6"/>
        <source>Images and masks in a CSV file (image,mask)</source>
        <translation>CSV 文件中的图像与掩码 (image,mask)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A CSV file with the columns image and mask, paths relative to it; classes.txt or classes.json beside it names the classes</source>
        <translation>含 image 与 mask 两列的 CSV 文件，路径相对于该文件；其旁的 classes.txt 或 classes.json 给出类别名称</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>choose a CSV file with image,mask rows</source>
        <translation>选择含 image,mask 行的 CSV 文件</translation>
    </message>
    <message>
        <location filename="../engine/src/data/formats/segmentation_folder/segmentation_folder_format.cpp" line="+44"/>
        <source>Segmentation folder (images/ and masks/)</source>
        <translation>分割数据文件夹（images/ 与 masks/）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Images in images/ and a PNG mask of the same name in masks/ (class indices, or colours named in classes.txt or classes.json); a val/ folder of the same layout validates</source>
        <translation>图像在 images/ 中，同名的 PNG 掩码在 masks/ 中（类别索引，或 classes.txt、classes.json 中指定的颜色）；结构相同的 val/ 文件夹用于验证</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>choose a folder holding images/ and masks/</source>
        <translation>选择包含 images/ 与 masks/ 的文件夹</translation>
    </message>
</context>
<context>
    <name>DeleteSelectionCommand</name>
    <message numerus="yes">
        <location filename="../widgets/builder/delete_selection_command.cpp" line="+28"/>
        <source>Delete %n wire(s)</source>
        <translation>
            <numerusform>删除 %n 条连线</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Delete %n block(s)</source>
        <translation>
            <numerusform>删除 %n 个模块</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DeviceCapacity</name>
    <message>
        <location filename="../widgets/builder/device_capacity.cpp" line="+29"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
</context>
<context>
    <name>DeviceText</name>
    <message>
        <location filename="../widgets/device_text.cpp" line="+12"/>
        <source>this LibTorch build is CPU-only (no CUDA compiled in)</source>
        <translation>此 LibTorch 版本仅支持 CPU（未编译 CUDA）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CUDA support is not installed (install the convstudio-cuda package)</source>
        <translation>未安装 CUDA 支持（请安装 convstudio-cuda 软件包）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CUDA support is installed but cannot be loaded: %1</source>
        <translation>已安装 CUDA 支持，但无法加载：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no NVIDIA driver found (libcuda.so.1 cannot be loaded)</source>
        <translation>未找到 NVIDIA 驱动（无法加载 libcuda.so.1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the NVIDIA driver is loaded but sees no CUDA device</source>
        <translation>NVIDIA 驱动已加载，但未发现 CUDA 设备</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the CUDA runtime reports an error: %1</source>
        <translation>CUDA 运行时报告错误：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 GPUs (cuda:0–%2)</source>
        <translation>%1 个 GPU（cuda:0–%2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CPU × %1 processes</source>
        <translation>CPU × %1 个进程</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 × %2 processes</source>
        <translation>%1 × %2 个进程</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
</context>
<context>
    <name>DisconnectCommand</name>
    <message numerus="yes">
        <location filename="../widgets/builder/disconnect_command.cpp" line="+17"/>
        <source>Disconnect %n wire(s)</source>
        <translation>
            <numerusform>断开 %n 条连线</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EngineMessages</name>
    <message>
        <location filename="../engine/src/runs/engine_messages.h" line="+15"/>
        <source>loading the dataset</source>
        <translation>正在加载数据集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training on %1: %2 training and %3 validation images, batch %4 x accumulation %5, %6 optimizer steps</source>
        <translation>在 %1 上训练：%2 张训练图像和 %3 张验证图像，批大小 %4 × 累积 %5，共 %6 个优化器步</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>mixed precision (auto): %1, which %2 computes natively (%3)</source>
        <translation>混合精度（自动）：%1，%2 原生支持（%3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mixed precision (auto): off, %1 has no native bf16 or fp16 arithmetic (%2)</source>
        <translation>混合精度（自动）：关闭，%1 没有原生 bf16 或 fp16 运算（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory format (auto): channels-last, the layout oneDNN convolves fastest on the CPU</source>
        <translation>内存格式（自动）：通道在后（channels-last），这是 oneDNN 在 CPU 上卷积最快的布局</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>memory format (auto): NCHW, most of the model&apos;s convolution work has fewer than 16 channels, too few for channels-last to pay in fp32 on the CPU</source>
        <translation>内存格式（自动）：NCHW，模型的卷积计算大多不足 16 个通道，在 CPU 上以 fp32 运行时通道在后（channels-last）得不偿失</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>memory format (auto): channels-last, the layout of cuDNN&apos;s %1 tensor-core kernels on %2</source>
        <translation>内存格式（自动）：通道在后（channels-last），这是 %2 上 cuDNN 的 %1 张量核心内核所用的布局</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>memory format (auto): NCHW, cuDNN&apos;s usual layout for fp32 on %1</source>
        <translation>内存格式（自动）：NCHW，这是 %1 上 cuDNN 处理 fp32 的常用布局</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory format (auto): NCHW, the model has no convolutions</source>
        <translation>内存格式（自动）：NCHW，模型中没有卷积</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>out of memory at batch size %1 with accumulation %2 on %3; retrying with batch %4 and accumulation %5 (same effective batch)</source>
        <translation>在 %3 上以批大小 %1、累积 %2 训练时内存不足；改用批大小 %4、累积 %5 重试（有效批大小不变）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rank %1 of %2: joining the run at %3</source>
        <translation>第 %1 号进程（共 %2 个）：在 %3 加入训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 processes joined (%2); weights from rank 0; gradients all-reduced in %3 buckets during backward; batch %4 over all processes</source>
        <translation>%1 个进程已加入（%2）；权重取自 0 号进程；反向传播期间分 %3 个桶全归约梯度；全部进程合计批大小 %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SyncBatchNorm on: %1 BatchNorm2d blocks normalise with the batch statistics of all %2 processes</source>
        <translation>SyncBatchNorm 已开启：%1 个 BatchNorm2d 块使用全部 %2 个进程的批统计量进行归一化</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SyncBatchNorm does nothing in a run of one process: its BatchNorm2d blocks already see the whole batch</source>
        <translation>单进程训练中 SyncBatchNorm 不起作用：其 BatchNorm2d 块本来就看到整个批次</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 was written by a run of %2 processes; resume it with %2 (this run has %3), so that each step sees the same samples</source>
        <translation>%1 由 %2 个进程的训练写入；请用 %2 个进程继续（本次为 %3 个），以便每一步看到相同的样本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>early stopping: validation loss has not improved for %1 epochs</source>
        <translation>提前停止：验证损失已连续 %1 轮没有改善</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>could not save the checkpoint: %1</source>
        <translation>无法保存检查点：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>resumed from %1 at epoch %2, batch %3, step %4</source>
        <translation>已从 %1 继续：第 %2 轮，第 %3 批，第 %4 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>removed %1, left by a save that was interrupted</source>
        <translation>已删除 %1（中断的保存留下的文件）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recovered %1 from the copy a save that was interrupted had moved aside</source>
        <translation>已从中断的保存移到一旁的副本恢复 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is in the old format, read with LibTorch&apos;s unpickler (meant for trusted files only); the next checkpoint saves it as optimizer.safetensors</source>
        <translation>%1 为旧格式，已使用 LibTorch 的反序列化器读取（仅适用于可信文件）；下一个检查点会将其保存为 optimizer.safetensors</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>continuing to the end the run was planned with: %1 epochs, at most %2 steps (a new --epochs or --max-steps changes it)</source>
        <translation>继续训练到运行原定的终点：%1 轮，最多 %2 步（新的 --epochs 或 --max-steps 可更改）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the data changed since %1 was written: its fingerprint was %2, the data now gives %3 (files added, removed, edited or relabelled); the run goes on, but its figures before and after this point are not of the same data</source>
        <translation>自 %1 写入以来数据已改变：原指纹为 %2，现在的数据为 %3（有文件被添加、删除、修改或重新标注）；训练继续进行，但此前与此后的指标并非来自同一份数据</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>nothing left to train: the checkpoint is at step %1 of %2 (epoch %3 of %4); give more epochs or steps to go on</source>
        <translation>没有可继续训练的内容：检查点位于第 %1 步（共 %2 步），第 %3 轮（共 %4 轮）；请指定更多轮数或步数以继续</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>starting from the weights in %1 (%2 tensors)</source>
        <translation>从 %1 中的权重开始（%2 个张量）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 block(s) with pretrained weights learn at %2 × the learning rate; %3 new block(s) at the full rate</source>
        <translation>%1 个带预训练权重的块以 %2 × 学习率进行学习；%3 个新块使用完整学习率</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: the class count changed, so this block starts from fresh weights; the other blocks keep theirs</source>
        <translation>%1：类别数已改变，因此此模块从新的权重开始；其他模块保留各自的权重</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the fp16 loss scale collapsed to %1 at step %2: the gradients overflow fp16 even unscaled, so steps are being thrown away. Use bf16 where the device has it, lower the learning rate, or turn on gradient clipping.</source>
        <translation>fp16 损失缩放在第 %2 步降至 %1：即使不缩放，梯度也会超出 fp16 的范围，训练步正被丢弃。请在设备支持时改用 bf16、降低学习率，或开启梯度裁剪。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of the first %2 steps (more than %3%) were skipped because the fp16 gradients held inf or NaN. Lower the learning rate, turn on gradient clipping, or use bf16 where the device has it.</source>
        <translation>前 %2 步中有 %1 步（超过 %3%）因 fp16 梯度含 inf 或 NaN 而被跳过。请降低学习率、开启梯度裁剪，或在设备支持时改用 bf16。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>measured the practical peak of %1 in %2 once (matrix multiplies) for the utilisation figure: %3 GFLOP/s, kept in %4</source>
        <translation>已为利用率指标测量一次 %1 的 %2 实际峰值（矩阵乘法）：%3 GFLOP/s，保存在 %4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>utilisation not shown: %1</source>
        <translation>不显示利用率：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot start from the weights: %1</source>
        <translation>无法从这些权重开始：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the model has %1 problem(s); first: %2: %3</source>
        <translation>模型有 %1 个问题；第一个：%2：%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output: %1 classes, but the dataset has %2; set the Output block&apos;s classes to %2</source>
        <translation>Output：%1 个类别，但数据集有 %2 个；请把 Output 模块的类别数设为 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>out of memory at batch size %1 with accumulation %2 on %3. Lower the batch size (batch %4 with accumulation %5 keeps the effective batch of %6), or turn on automatic out-of-memory recovery.</source>
        <translation>在 %3 上以批大小 %1、累积 %2 训练时内存不足。请减小批大小（批大小 %4、累积 %5 可保持有效批大小 %6），或开启内存不足时自动恢复。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the loss became NaN at step %1 (epoch %2, batch %3); the weights of the last good step are kept. Lower the learning rate, turn on gradient clipping, or check the data.</source>
        <translation>损失在第 %1 步（第 %2 轮，第 %3 批）变为 NaN；已保留最后一个正常步的权重。请降低学习率、开启梯度裁剪，或检查数据。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the loss became infinite at step %1 (epoch %2, batch %3); the weights of the last good step are kept. Lower the learning rate, turn on gradient clipping, or check the data.</source>
        <translation>损失在第 %1 步（第 %2 轮，第 %3 批）变为无穷大；已保留最后一个正常步的权重。请降低学习率、开启梯度裁剪，或检查数据。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a readable checkpoint: %2</source>
        <translation>%1 不是可读取的检查点：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it was trained on a different network: this model has no block %1 (%2)</source>
        <translation>它是在另一个网络上训练的：此模型没有模块 %1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it was trained on a different network: block %1 (%2) of this model is not in it</source>
        <translation>它是在另一个网络上训练的：此模型的模块 %1（%2）不在其中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it was trained on a different network: block %1 is a %2 there and a %3 here</source>
        <translation>它是在另一个网络上训练的：模块 %1 在那里是 %2，这里是 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it was trained on a different network: %1 of block %2 is %3 there and %4 here</source>
        <translation>它是在另一个网络上训练的：模块 %2 的 %1 在那里是 %3，这里是 %4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it was trained on a different network: the wires into block %1 differ</source>
        <translation>它是在另一个网络上训练的：连入模块 %1 的连线不同</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>trained on an earlier version of this network (it had block %1, a %2)</source>
        <translation>在此网络的早期版本上训练（当时有模块 %1，类型 %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>trained on an earlier version of this network (it had no block %1)</source>
        <translation>在此网络的早期版本上训练（当时没有模块 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>trained on an earlier version of this network (%1 was a %2; it is a %3 now)</source>
        <translation>在此网络的早期版本上训练（%1 当时是 %2，现在是 %3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>trained on an earlier version of this network (%2 had %1 %3; it is %4 now)</source>
        <translation>在此网络的早期版本上训练（%2 的 %1 当时为 %3，现在为 %4）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>trained on an earlier version of this network (the wires into %1 were different)</source>
        <translation>在此网络的早期版本上训练（连入 %1 的连线当时不同）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>could not carry the runs from %1 to %2: %3</source>
        <translation>无法把训练记录从 %1 移到 %2：%3</translation>
    </message>
    <message>
        <location filename="../engine/src/model/setting_messages.h" line="+13"/>
        <source>Choose the CSV file that lists the images and their labels.</source>
        <translation>请选择列出图像及其标签的 CSV 文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose the folder that holds the dataset.</source>
        <translation>请选择存放数据集的文件夹。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The labels file %1 does not exist.</source>
        <translation>标签文件 %1 不存在。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The dataset folder %1 does not exist.</source>
        <translation>数据集文件夹 %1 不存在。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The validation share must be between 0 and 100% (exclusive).</source>
        <translation>验证比例必须在 0 到 100% 之间（不含端点）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>There is no validation fold %1 of %2 folds (they count from 0).</source>
        <translation>%2 折中没有第 %1 折验证集（折从 0 开始计数）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mirroring changes the meaning of digits and letters; check the preview.</source>
        <translation>镜像会改变数字和字母的含义；请检查预览。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Unknown device %1.</source>
        <translation>未知设备 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CUDA is not available (%1); choose the CPU.</source>
        <translation>CUDA 不可用（%1）；请选择 CPU。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>There is no CUDA device %1; this machine has %2.</source>
        <translation>没有 CUDA 设备 %1；本机有 %2 个。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 processes need %1 GPUs; this machine has %2.</source>
        <translation>%1 个进程需要 %1 个 GPU；本机只有 %2 个。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fp16 on the CPU is slow and saves nothing; use bf16 or turn AMP off.</source>
        <translation>在 CPU 上 fp16 很慢且毫无节省；请使用 bf16 或关闭 AMP。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 has no fast bf16 (compute capability %2.%3 &lt; 8.0); fp16 is faster there.</source>
        <translation>%1 没有快速的 bf16（计算能力 %2.%3 &lt; 8.0）；在它上面 fp16 更快。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deterministic algorithms are slower on the GPU, and some layers have none.</source>
        <translation>确定性算法在 GPU 上较慢，且有些层没有确定性实现。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The learning rate must be above 0.</source>
        <translation>学习率必须大于 0。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A learning rate above 1 usually makes the loss diverge.</source>
        <translation>学习率大于 1 通常会使损失发散。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weight decay cannot be negative.</source>
        <translation>权重衰减不能为负。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The clipping norm cannot be negative (0 turns clipping off).</source>
        <translation>裁剪范数不能为负（0 表示关闭裁剪）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nesterov momentum applies to SGD only; %1 trains without it.</source>
        <translation>Nesterov 动量仅适用于 SGD；%1 训练时不使用它。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nesterov momentum needs a momentum above 0; without one, training leaves it out.</source>
        <translation>Nesterov 动量要求动量大于 0；动量为 0 时训练不使用它。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Class weights &quot;%1&quot;: write none, balanced, or one weight of 0 or more per class, separated by commas (not all 0).</source>
        <translation>类别权重“%1”：请写 none、balanced，或为每个类别写一个不小于 0 的权重，以逗号分隔（不能全为 0）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The class-balanced sampler already shows every class alike; balanced class weights on top favour the rare classes a second time. Choose one of the two.</source>
        <translation>类别均衡采样已让每个类别被同等地看到；再加上 balanced 类别权重会再一次偏向稀有类别。请二者选其一。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mixup and CutMix blend the labels of two images; segmentation data has a mask per image, which they cannot blend. Set mixup_alpha and cutmix_alpha to 0.</source>
        <translation>Mixup 与 CutMix 会混合两张图像的标签；分割数据每张图像有一个掩码，无法这样混合。请将 mixup_alpha 和 cutmix_alpha 设为 0。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The class-balanced sampler draws images by their one class; segmentation images hold many classes. Use the shuffle sampler, and class weights for rare classes.</source>
        <translation>类别均衡采样器按图像的单一类别抽取图像；分割图像包含多个类别。请使用随机打乱采样器，并用类别权重照顾稀有类别。</translation>
    </message>
    <message>
        <location filename="../engine/src/optimizers/adam/adam_spec.cpp" line="+16"/>
        <source>Adam adds weight decay to the gradient; AdamW decouples it and usually generalises better.</source>
        <translation>Adam 把权重衰减加到梯度上；AdamW 将其解耦，通常泛化更好。</translation>
    </message>
    <message>
        <location filename="../engine/src/model/setting_messages.h" line="-38"/>
        <source>The warm-up (%1 steps) is longer than half the run (%2 steps); training shortens it to %3 steps.</source>
        <translation>预热（%1 步）超过整个训练（%2 步）的一半；训练时会缩短为 %3 步。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The step schedule lowers the rate every %1 epochs; a run of %2 epochs never reaches the first drop.</source>
        <translation>阶梯计划每 %1 轮降低学习率；共 %2 轮的训练永远到不了第一次下降。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The batch size must be at least 1.</source>
        <translation>批大小至少为 1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gradient accumulation must be at least 1 batch.</source>
        <translation>梯度累积至少为 1 个批次。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Train for at least one epoch.</source>
        <translation>至少训练一轮。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Automatic out-of-memory recovery halves the batch; with batch 1 it cannot.</source>
        <translation>自动内存不足恢复会将批大小减半；批大小为 1 时无法减半。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only the final checkpoint is written; a crash loses the whole run.</source>
        <translation>只写入最终检查点；崩溃会丢失整个训练。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Early stopping after %1 epochs without improvement can never trigger in a run of %2 epochs.</source>
        <translation>在共 %2 轮的训练中，“%1 轮无改进后提前停止”永远不会触发。</translation>
    </message>
    <message>
        <location filename="../engine/src/explain/explain_messages.h" line="+15"/>
        <source>%1 needs a block: name one with a C×H×W output</source>
        <translation>%1 需要一个块：请指定一个输出为 C×H×W 的块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the model has no block &quot;%1&quot;; blocks with a C×H×W output: %2</source>
        <translation>模型中没有块“%1”；输出为 C×H×W 的块：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>its output is %1, not C×H×W: %2 needs a block with a spatial output (a convolution, pooling or activation before the flatten)</source>
        <translation>它的输出是 %1，不是 C×H×W：%2 需要一个有空间输出的块（展平之前的卷积、池化或激活）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 explains one class score per image, but this is a segmentation model (%2 logits, a class per pixel): ConvStudio cannot explain it yet; its predicted mask shows what it sees</source>
        <translation>%1 解释的是每张图像的一个类别分数，但这是一个分割模型（%2 的 logits，每个像素一个类别）：ConvStudio 还不能解释它；它预测的掩码显示了它看到的内容</translation>
    </message>
    <message>
        <location filename="../engine/src/runs/search_messages.h" line="+14"/>
        <source>expected SETTING=SPACE (lr=log:1e-4..1, batch_size=32,64,128), not &apos;%1&apos;</source>
        <translation>应为 设置=空间（lr=log:1e-4..1、batch_size=32,64,128），而不是“%1”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cannot be searched; a study varies one of: %1</source>
        <translation>不能搜索；研究只能变化以下设置之一：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>has no space to search</source>
        <translation>没有给出搜索空间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>range &apos;%1&apos;: expected LOW..HIGH, log:LOW..HIGH or int:LOW..HIGH</source>
        <translation>范围“%1”：应为 LOW..HIGH、log:LOW..HIGH 或 int:LOW..HIGH</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>range &apos;%1&apos;: its low end must be below its high end</source>
        <translation>范围“%1”：下限必须小于上限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>range &apos;%1&apos;: a log range must start above 0</source>
        <translation>范围“%1”：对数范围的下限必须大于 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>range &apos;%1&apos;: an int range takes whole numbers</source>
        <translation>范围“%1”：int 范围只接受整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>range &apos;%1&apos;: this setting takes words or on/off; list its values (%2=A,B)</source>
        <translation>范围“%1”：此设置的取值是词语或 on/off；请列出其取值（%2=A,B）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>range &apos;%1&apos;: this setting is a whole number</source>
        <translation>范围“%1”：此设置是整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>range &apos;%1&apos;: this setting is not a whole number</source>
        <translation>范围“%1”：此设置不是整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>range &apos;%1&apos; is outside the setting&apos;s range %2..%3</source>
        <translation>范围“%1”超出了该设置的取值范围 %2..%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>has an empty choice (two commas, or one at an end)</source>
        <translation>含有空的选项（两个逗号相连，或逗号在末尾）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lists the choice &apos;%1&apos; twice</source>
        <translation>选项“%1”列出了两次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>has an empty value (two commas, or one at an end)</source>
        <translation>含有空的值（两个逗号相连，或逗号在末尾）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lists the value &apos;%1&apos; twice</source>
        <translation>值“%1”列出了两次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>choice &apos;%1&apos;: %2</source>
        <translation>选项“%1”：%2</translation>
    </message>
</context>
<context>
    <name>Metrics</name>
    <message>
        <location filename="../engine/include/convstudio/runs/metric_list.h" line="+159"/>
        <source>loss (step)</source>
        <translation>损失（每步）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>loss scale</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>skipped steps</source>
        <translation>跳过的步数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CUDA allocated</source>
        <translation>CUDA 已分配</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CUDA reserved</source>
        <translation>CUDA 已保留</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CUDA peak allocated</source>
        <translation>CUDA 峰值分配</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>process resident</source>
        <translation>进程常驻</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>process peak</source>
        <translation>进程峰值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>validation (epoch)</source>
        <translation>验证（每轮）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Gradient norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>validation (balanced)</source>
        <translation>验证（平衡）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>validation macro-F1</source>
        <translation>验证宏平均 F1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>validation mIoU</source>
        <translation>验证 mIoU</translation>
    </message>
</context>
<context>
    <name>MoveBlocksCommand</name>
    <message numerus="yes">
        <location filename="../widgets/builder/move_blocks_command.cpp" line="+16"/>
        <source>Move %n block(s)</source>
        <translation>
            <numerusform>移动 %n 个模块</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Optimizer</name>
    <message>
        <location filename="../engine/src/optimizers/adam/adam_spec.cpp" line="-6"/>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Adaptive moments: a step size of its own for every weight, forgiving of the learning rate. Weight decay is added to the gradient (L2).</source>
        <translation>自适应矩估计：每个权重有自己的步长，对学习率不太敏感。权重衰减加到梯度上（L2）。</translation>
    </message>
    <message>
        <location filename="../engine/src/optimizers/adamw/adamw_spec.cpp" line="+10"/>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Adam with decoupled weight decay: the weights shrink apart from the gradient step, which usually generalises better than Adam with weight decay.</source>
        <translation>解耦权重衰减的 Adam：权重的收缩与梯度步分开进行，通常比带权重衰减的 Adam 泛化更好。</translation>
    </message>
    <message>
        <location filename="../engine/src/optimizers/sgd/sgd_spec.cpp" line="+10"/>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stochastic gradient descent: the classic recipe for CNNs. Uses momentum, Nesterov momentum and weight decay.</source>
        <translation>随机梯度下降：训练 CNN 的经典做法。使用动量、Nesterov 动量和权重衰减。</translation>
    </message>
    <message>
        <location filename="../engine/src/optimizers/rmsprop/rmsprop_spec.cpp" line="+12"/>
        <source>RMSprop</source>
        <translation>RMSprop</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Divides each step by a running average of the squared gradients (alpha 0.99). Uses momentum and weight decay (added to the gradient); start with a learning rate near 0.001.</source>
        <translation>每一步除以梯度平方的滑动平均（alpha 0.99）。使用动量和权重衰减（加到梯度上）；学习率可从 0.001 左右开始。</translation>
    </message>
</context>
<context>
    <name>PasteCommand</name>
    <message numerus="yes">
        <location filename="../widgets/builder/paste_command.cpp" line="+13"/>
        <source>Paste %n block(s)</source>
        <translation>
            <numerusform>粘贴 %n 个模块</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QGnomeTheme</name>
    <message>
        <location filename="../app/gui/language.cpp" line="+24"/>
        <source>&amp;OK</source>
        <translation>确定(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close without Saving</source>
        <translation>关闭且不保存</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <location line="-13"/>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Yes</source>
        <translation>是(&amp;Y)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;No</source>
        <translation>否(&amp;N)</translation>
    </message>
</context>
<context>
    <name>SetParamCommand</name>
    <message>
        <location filename="../widgets/builder/set_param_command.cpp" line="+15"/>
        <source>Set %1 of %2</source>
        <translation>设置 %2 的 %1</translation>
    </message>
</context>
<context>
    <name>SetRecomputeCommand</name>
    <message numerus="yes">
        <location filename="../widgets/builder/set_recompute_command.cpp" line="+20"/>
        <source>Recompute %n block(s) in backward</source>
        <translation>
            <numerusform>在反向传播中重新计算 %n 个模块</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Recompute %n block(s) in backward as one segment</source>
        <translation>
            <numerusform>将 %n 个模块作为一个分段在反向传播中重新计算</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-3"/>
        <source>Keep activations of %n block(s)</source>
        <translation>
            <numerusform>保留 %n 个模块的激活值</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SetSettingsCommand</name>
    <message>
        <location filename="../widgets/builder/set_settings_command.cpp" line="+25"/>
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change training settings</source>
        <translation>修改训练设置</translation>
    </message>
</context>
<context>
    <name>SetTrainableCommand</name>
    <message numerus="yes">
        <location filename="../widgets/builder/set_trainable_command.cpp" line="+14"/>
        <source>Make %n block(s) trainable</source>
        <translation>
            <numerusform>将 %n 个模块设为可训练</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Freeze %n block(s)</source>
        <translation>
            <numerusform>冻结 %n 个模块</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <location filename="../engine/src/model/setting_table.cpp" line="+55"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Mixed precision</source>
        <translation>混合精度</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Step limit</source>
        <translation>步数上限</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Momentum</source>
        <translation>动量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nesterov momentum</source>
        <translation>Nesterov 动量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Weight decay</source>
        <translation>权重衰减</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Learning-rate schedule</source>
        <translation>学习率调度</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Warm-up steps</source>
        <translation>预热步数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Step decay interval</source>
        <translation>阶梯衰减间隔</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Step decay factor</source>
        <translation>阶梯衰减系数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Gradient clipping</source>
        <translation>梯度裁剪</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Deterministic</source>
        <translation>确定性</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keep the best checkpoint</source>
        <translation>保留最佳检查点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Early stopping patience</source>
        <translation>早停耐心</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Retry when out of memory</source>
        <translation>内存不足时重试</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loader threads</source>
        <translation>加载线程</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Pretrained blocks&apos; learning-rate factor</source>
        <translation>预训练模块的学习率倍数</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>cuDNN benchmark</source>
        <translation>cuDNN 基准测试</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Processes</source>
        <translation>进程数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Synchronised BatchNorm</source>
        <translation>同步 BatchNorm</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Validate every</source>
        <translation>验证间隔</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Class weights</source>
        <translation>类别权重</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Label smoothing</source>
        <translation>标签平滑</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Best checkpoint by</source>
        <translation>最佳检查点依据</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Segmentation loss</source>
        <translation>分割损失</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sampler</source>
        <translation>采样方式</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Mixup alpha</source>
        <translation>Mixup α</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Mixup probability</source>
        <translation>Mixup 概率</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>CutMix alpha</source>
        <translation>CutMix α</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>CutMix probability</source>
        <translation>CutMix 概率</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder or file</source>
        <translation>文件夹或文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation share</source>
        <translation>验证比例</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Input channels</source>
        <translation>输入通道数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Input height</source>
        <translation>输入高度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Input width</source>
        <translation>输入宽度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit to input</source>
        <translation>适配输入</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Decoded cache</source>
        <translation>解码缓存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cache budget</source>
        <translation>缓存预算</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Ignored mask value</source>
        <translation>忽略的掩码值</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>Random crop padding</source>
        <translation>随机裁剪填充</translation>
    </message>
    <message>
        <location line="-145"/>
        <source>Memory format</source>
        <translation>内存格式</translation>
    </message>
    <message>
        <location line="+150"/>
        <source>Mirror left-right</source>
        <translation>左右镜像</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Random rotation</source>
        <translation>随机旋转</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Brightness</source>
        <translation>亮度</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Contrast</source>
        <translation>对比度</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Random resized crop</source>
        <translation>随机缩放裁剪</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Smallest crop area</source>
        <translation>最小裁剪面积</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Largest crop area</source>
        <translation>最大裁剪面积</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Smallest crop aspect ratio</source>
        <translation>最小裁剪宽高比</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Largest crop aspect ratio</source>
        <translation>最大裁剪宽高比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Random erasing</source>
        <translation>随机擦除</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Normalise</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paths outside the dataset folder</source>
        <translation>数据集文件夹外的路径</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Folds</source>
        <translation>折数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Validation fold</source>
        <translation>验证折</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fold seed</source>
        <translation>分折种子</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stratified folds</source>
        <translation>分层分折</translation>
    </message>
</context>
<context>
    <name>TemplateLibrary</name>
    <message>
        <location filename="../widgets/builder/template_text.cpp" line="+11"/>
        <source>LeNet-5 as in the PyTorch tutorial: two 5×5 convolutions with max-pooling, three fully connected layers.</source>
        <translation>LeNet-5，与 PyTorch 教程中相同：两个带最大池化的 5×5 卷积，三个全连接层。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Small MobileNet: depthwise-separable blocks (3×3 depthwise conv with groups = channels, then 1×1 pointwise), global pool.</source>
        <translation>小型 MobileNet：深度可分离模块（groups = 通道数的 3×3 深度卷积，再接 1×1 逐点卷积），全局池化。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Small ResNet: a 3×3 stem and three residual stages (24, 48, 96 channels) with Add shortcuts, 1×1 projections where channels change, global pool.</source>
        <translation>小型 ResNet：一个 3×3 起始层和三个残差阶段（24、48、96 通道），用 Add 捷径连接，通道变化处用 1×1 投影，全局池化。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Small VGG: three stages of two 3×3 conv-BN-ReLU and a max-pool (32, 64, 128 channels), global pool, two dense layers.</source>
        <translation>小型 VGG：三个阶段，各含两个 3×3 卷积-BN-ReLU 和一个最大池化（32、64、128 通道），全局池化，两个全连接层。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Small U-Net for segmentation: three 2×2 max-pool levels (16, 32, 64 channels, 128 at the bottom), 2×2 transposed convolutions up, each joined to its encoder level by a Concat skip; 3×3 convolutions with BatchNorm, a 1×1 head per class. Input sides must be multiples of 8.</source>
        <translation>用于分割的小型 U-Net：三级 2×2 最大池化（16、32、64 通道，底部 128），2×2 转置卷积上采样，每级通过 Concat 跳跃连接与对应的编码器层相连；3×3 卷积带 BatchNorm，每个类别一个 1×1 输出头。输入的边长必须是 8 的倍数。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Wide ResNet: resnet-small&apos;s 3×3 stem and three residual stages, wider (64, 128, 256 channels), 1×1 projections where channels change, global pool.</source>
        <translation>宽 ResNet：resnet-small 的 3×3 起始层和三个残差阶段，更宽（64、128、256 通道），通道变化处用 1×1 投影，全局池化。</translation>
    </message>
</context>
<context>
    <name>TrainedModelChoice</name>
    <message>
        <location filename="../widgets/trained_model_choice.cpp" line="+12"/>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last</source>
        <translation>最后</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1% validated</source>
        <translation>验证 %1%</translation>
    </message>
</context>
<context>
    <name>UnsavedWorkPrompt</name>
    <message>
        <location filename="../app/gui/unsaved_work_prompt.cpp" line="+10"/>
        <source>“%1” has unsaved changes. Save them before continuing?</source>
        <translation>“%1”有未保存的更改。继续之前是否保存？</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>“%1” has unsaved changes and %n training run(s) that no project file keeps. Save the project before continuing?</source>
        <translation>
            <numerusform>“%1”有未保存的更改，还有 %n 个训练运行没有任何项目文件保存它们。继续之前是否保存项目？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>“%1” was never saved, and %n training run(s) belong to it that no project file keeps. Save the project before continuing?</source>
        <translation>
            <numerusform>“%1”从未保存过，它的 %n 个训练运行没有任何项目文件保存。继续之前是否保存项目？</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saved, the runs move beside the project file. Discarded, they are stranded in the data folder (%1); File &gt; Recover Unsaved Runs… can open them again.</source>
        <translation>保存后，这些运行会移到项目文件旁边。若放弃，它们将滞留在数据文件夹（%1）中；可通过“文件 &gt; 恢复未保存的运行…”重新打开。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
</context>
<context>
    <name>convstudio::AboutDialog</name>
    <message>
        <location filename="../app/gui/about_dialog.cpp" line="+14"/>
        <source>About ConvStudio</source>
        <translation>关于 ConvStudio</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;h2&gt;ConvStudio %1&lt;/h2&gt;&lt;p&gt;A native studio for building and training convolutional networks with LibTorch, on the CPU or CUDA GPUs.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;ConvStudio %1&lt;/h2&gt;&lt;p&gt;基于 LibTorch 的原生卷积神经网络搭建与训练工作室，支持 CPU 和 CUDA GPU。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>convstudio::BatchSizeFinderDialog</name>
    <message>
        <location filename="../widgets/training/batch_size_finder_dialog.cpp" line="+24"/>
        <source>Find Batch Size</source>
        <translation>查找批大小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Trial steps (forward, backward and optimizer step on made-up batches of the model&apos;s input size) at doubling batch sizes find the largest batch that fits the device with a safety margin, and the one that trains fastest. The project&apos;s weights are not used or changed.</source>
        <translation>在逐次翻倍的批大小上运行试验步（用与模型输入同尺寸的合成批次做前向、反向和优化器更新），找出在保留安全余量时设备能容纳的最大批大小，以及训练最快的批大小。不使用也不改变项目的权重。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Peak memory</source>
        <translation>峰值内存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use the Largest</source>
        <translation>使用最大值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Use the Fastest</source>
        <translation>使用最快值</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Trying batch sizes on %1…</source>
        <translation>正在 %1 上试验批大小…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not tried: would pass the memory limit</source>
        <translation>未试验：将超出内存上限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fits</source>
        <translation>可容纳</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>over the memory limit</source>
        <translation>超出内存上限</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>about %1</source>
        <translation>约 %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Memory limit on %1: %2 (%3 less the safety margin).</source>
        <translation>%1 的内存上限：%2（%3 减去安全余量）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 fits (the finder&apos;s upper limit; larger was not tried)</source>
        <translation>%1 可以容纳（这是查找器的上限，未尝试更大的批大小）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Largest batch that fits: %1</source>
        <translation>可容纳的最大批大小：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; fastest: %2 (%3 samples/s); the project uses %4.</source>
        <translation>%1；最快：%2（%3 样本/秒）；项目当前使用 %4。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Use %1 (Largest)</source>
        <translation>使用 %1（最大）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use %1 (Fastest)</source>
        <translation>使用 %1（最快）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not even the smallest batch tried fits.</source>
        <translation>连试验的最小批大小也无法容纳。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stopped early.</source>
        <translation>已提前停止。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The batch-size finder failed: %1</source>
        <translation>批大小查找失败：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::ClassFiguresTable</name>
    <message>
        <location filename="../widgets/training/class_figures_table.cpp" line="+35"/>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Images</source>
        <translation>图像数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Of the images predicted as this class, the share that are</source>
        <translation>被预测为此类别的图像中，确实属于此类别的比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Of this class&apos;s images, the share found</source>
        <translation>此类别的图像中，被正确找出的比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The harmonic mean of precision and recall</source>
        <translation>精确率与召回率的调和平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This class&apos;s images in the validation split</source>
        <translation>验证集中此类别的图像数</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Macro-F1 %1 · balanced accuracy %2</source>
        <translation>宏平均 F1 %1 · 平衡准确率 %2</translation>
    </message>
</context>
<context>
    <name>convstudio::ConfusionMatrixView</name>
    <message>
        <location filename="../widgets/training/confusion_matrix_view.cpp" line="+12"/>
        <location line="+71"/>
        <source>Confusion matrix (no validation yet)</source>
        <translation>混淆矩阵（尚未验证）</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>share of true class</source>
        <translation>占真实类别的比例</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>true</source>
        <translation>真实</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Epoch %1 · accuracy %2%</source>
        <translation>第 %1 轮 · 准确率 %2%</translation>
    </message>
</context>
<context>
    <name>convstudio::DatasetPreviewLoader</name>
    <message>
        <location filename="../app/bridge/dataset_preview_loader.cpp" line="+56"/>
        <source>an unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot preview the dataset: %1</source>
        <translation>无法预览数据集：%1</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Scan cancelled.</source>
        <translation>扫描已取消。</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Validation: the images in %1.</source>
        <translation>验证：%1 中的图像。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Validation: the dataset&apos;s test set.</source>
        <translation>验证：数据集的测试集。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Validation: fold %1 of %2 of the training images (%3 images), dealt with seed %4.</source>
        <translation>验证：训练图像 %2 折中的第 %1 折（%3 张图像），按种子 %4 划分。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Validation: %1% of the training images, held out at random with the run&apos;s seed (%2).</source>
        <translation>验证：用本次训练的随机种子（%2）随机留出训练图像的 %1%。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Validation: %1% of the training images, held out at random.</source>
        <translation>验证：随机留出训练图像的 %1%。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This data has no test set or validation folder.</source>
        <translation>此数据没有测试集或验证文件夹。</translation>
    </message>
</context>
<context>
    <name>convstudio::DatasetSettingsEditor</name>
    <message>
        <location filename="../widgets/training/dataset_settings_editor.cpp" line="+55"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+215"/>
        <source>The dataset&apos;s test set</source>
        <translation>数据集的测试集</translation>
    </message>
    <message>
        <location line="-214"/>
        <source>A share of the training data</source>
        <translation>训练数据的一部分</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Scale the shorter side, cut the centre</source>
        <translation>缩放短边，裁取中心</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stretch to the input size</source>
        <translation>拉伸到输入尺寸</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale the longer side, pad with black</source>
        <translation>缩放长边，黑色填充</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How images of another size are brought to the Input block&apos;s height and width, in training, evaluation, inference and exports alike</source>
        <translation>尺寸不同的图像如何适配输入块的高和宽；训练、评估、推理和导出均一致</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Automatic (when it fits a quarter of the memory)</source>
        <translation>自动（数据能放进四分之一内存时）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Always</source>
        <translation>始终</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Off (read the files every epoch)</source>
        <translation>关闭（每轮都读取文件）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep decoded images in memory after their first epoch</source>
        <translation>第一轮之后将解码后的图像保留在内存中</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+8"/>
        <location line="+6"/>
        <location line="+5"/>
        <location line="+8"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="-26"/>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pad with zeros, then crop back to size at a random place</source>
        <translation>先用零填充，再在随机位置裁剪回原尺寸</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mirror left-right at random</source>
        <translation>随机左右镜像</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Probability (0–1) that a training image gets a random rectangle (2–33% of the area) painted over with noise: 0.5 is half the images</source>
        <translation>训练图像被用噪声覆盖一个随机矩形（占面积的 2–33%）的概率（0–1）：0.5 即一半的图像</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Random resized crop</source>
        <translation>随机缩放裁剪</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cut a random part of the image (aspect ratio 3:4 to 4:3) and scale it back to the input size</source>
        <translation>随机裁取图像的一部分（宽高比 3:4 至 4:3），再缩放回输入尺寸</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The smallest share of the image&apos;s area a crop may keep</source>
        <translation>裁剪至少保留的图像面积比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Normalise with the data&apos;s mean and deviation</source>
        <translation>用数据的均值和标准差归一化</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Dataset:</source>
        <translation>数据集：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder or file:</source>
        <translation>文件夹或文件：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validation:</source>
        <translation>验证：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validation share:</source>
        <translation>验证比例：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit to input:</source>
        <translation>适配输入：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decoded cache:</source>
        <translation>解码缓存：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Smallest crop area:</source>
        <translation>最小裁剪面积：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Random crop padding:</source>
        <translation>随机裁剪填充：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Random rotation:</source>
        <translation>随机旋转：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Brightness ±:</source>
        <translation>亮度 ±：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contrast ±:</source>
        <translation>对比度 ±：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Random erasing:</source>
        <translation>随机擦除：</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>Labels File</source>
        <translation>标签文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dataset Folder</source>
        <translation>数据集文件夹</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>A share (no test set here)</source>
        <translation>一部分训练数据（此处无测试集）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This data has no test set or val/ folder: a share of the training images is held out at random with the run&apos;s seed</source>
        <translation>此数据没有测试集或 val/ 文件夹：将用本次训练的随机种子随机留出一部分训练图像</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The folder %1</source>
        <translation>文件夹 %1</translation>
    </message>
</context>
<context>
    <name>convstudio::DatasetStatisticsView</name>
    <message>
        <location filename="../widgets/training/dataset_statistics_view.cpp" line="+54"/>
        <source>images</source>
        <translation>图像数</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>%1 %2: %3 % · %4 %</source>
        <translation>%1 %2：%3 % · %4 %</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Share of the labelled pixels per class (training · validation):</source>
        <translation>各类别在已标注像素中的占比（训练 · 验证）：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The chart shows the first %1 of %2 classes.</source>
        <translation>图中显示 %2 个类别中的前 %1 个。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Imbalanced classes: &quot;%1&quot; has %2 training images, %3 times the %4 of &quot;%5&quot; (more than %6:1).</source>
        <translation>类别不平衡：“%1”有 %2 张训练图像，是“%5”（%4 张）的 %3 倍（超过 %6:1）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Imbalanced classes: &quot;%1&quot; has %2 training images and &quot;%3&quot; has none.</source>
        <translation>类别不平衡：“%1”有 %2 张训练图像，而“%3”一张也没有。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Accuracy will hide the rare classes; weight the classes (class weights: balanced) or draw them equally with the balanced sampler.</source>
        <translation>准确率会掩盖稀有类别；请为类别加权（类别权重：balanced），或用均衡采样器按类别等量抽取。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The image sizes could not be read.</source>
        <translation>无法读取图像尺寸。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every image is %1.</source>
        <translation>所有图像均为 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Image sizes from %1 to %2, median %3; most common: %4.</source>
        <translation>图像尺寸从 %1 到 %2，中位数 %3；最常见：%4。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Grey: %1, colour: %2.</source>
        <translation>灰度：%1，彩色：%2。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(From a sample of %1 of the %2 images.)</source>
        <translation>（取自 %2 张图像中的 %1 张样本。）</translation>
    </message>
</context>
<context>
    <name>convstudio::EditActions</name>
    <message>
        <location filename="../app/gui/edit_actions.cpp" line="+21"/>
        <location line="+23"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="-18"/>
        <location line="+22"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>D&amp;uplicate</source>
        <translation>创建副本(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A&amp;rrange Blocks</source>
        <translation>自动排列模块(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Freeze Everything Before This Block</source>
        <translation>冻结此模块之前的全部模块(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Toggle &amp;Trainable</source>
        <translation>切换可训练(&amp;T)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recompute Selection in Backward as One &amp;Segment</source>
        <translation>将所选模块作为一个分段在反向传播中重新计算(&amp;S)</translation>
    </message>
</context>
<context>
    <name>convstudio::ExplainController</name>
    <message>
        <location filename="../app/gui/explain_controller.cpp" line="+70"/>
        <source>Prediction: %1 (%2 %). Explained: %3 (%4 %) at block %5.</source>
        <translation>预测：%1（%2 %）。解释：%3（%4 %），位于块 %5。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Prediction: %1 (%2 %). Explained: %3 (%4 %).</source>
        <translation>预测：%1（%2 %）。解释：%3（%4 %）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Prediction: %1 (%2 %). Explained: %3 (%4 %) at block %5, in %6 ms.</source>
        <translation>预测：%1（%2 %）。解释的类别：%3（%4 %），模块 %5，用时 %6 毫秒。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Prediction: %1 (%2 %). Explained: %3 (%4 %), in %5 ms.</source>
        <translation>预测：%1（%2 %）。解释的类别：%3（%4 %），用时 %5 毫秒。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Loading the model for explaining…</source>
        <translation>正在加载用于解释的模型…</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+14"/>
        <source>This model cannot be explained: %1</source>
        <translation>无法解释此模型：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No model to explain yet.</source>
        <translation>还没有可解释的模型。</translation>
    </message>
    <message>
        <location line="+50"/>
        <location line="+9"/>
        <source>Cannot explain: %1</source>
        <translation>无法解释：%1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Cannot save the overlay: %1</source>
        <translation>无法保存叠加图：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
</context>
<context>
    <name>convstudio::ExplainSection</name>
    <message>
        <location filename="../widgets/inference/explain_section.cpp" line="+39"/>
        <source>How strongly the heat map covers the image</source>
        <translation>热力图覆盖图像的强度</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Opacity</source>
        <translation>不透明度</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Open an image to see why the model predicts its class.</source>
        <translation>打开一张图像，查看模型为何预测出该类别。</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Save overlay as PNG…</source>
        <translation>将叠加图保存为 PNG…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No model to explain yet.</source>
        <translation>还没有可解释的模型。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Grad-CAM</source>
        <translation>Grad-CAM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grad-CAM++</source>
        <translation>Grad-CAM++</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Occlusion</source>
        <translation>遮挡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saliency</source>
        <translation>显著性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Feature maps</source>
        <translation>特征图</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Grad-CAM: where the block&apos;s features raise the class score. Occlusion: how much covering each part lowers it. Saliency: which pixels it is most sensitive to. Feature maps: what each channel of the block responds to.</source>
        <translation>Grad-CAM：该模块的特征在哪些位置提高了类别得分。遮挡：遮住各部分后得分下降多少。显著性：得分对哪些像素最敏感。特征图：该模块每个通道对什么有响应。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The class whose score is explained</source>
        <translation>要解释其得分的类别</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The block whose output is explained; follows the block selected on the canvas</source>
        <translation>要解释其输出的模块；跟随画布上选中的模块</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Block</source>
        <translation>模块</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Top prediction</source>
        <translation>最可能的预测</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Explaining %1…</source>
        <translation>正在解释 %1…</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Save overlay as PNG</source>
        <translation>将叠加图保存为 PNG</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
</context>
<context>
    <name>convstudio::ExplainSetController</name>
    <message>
        <location filename="../app/gui/explain_set_controller.cpp" line="+95"/>
        <source>true: %1
predicted: %2</source>
        <translation>真实：%1
预测：%2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A cell&apos;s images come from evaluating a checkpoint of a run: choose one in the Inference panel.</source>
        <translation>单元格中的图像来自对某次运行的检查点的评估：请在推理面板中选择一个检查点。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Evaluating the model on its validation data…</source>
        <translation>正在用验证数据评估模型…</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+9"/>
        <source>The cell&apos;s images cannot be listed: %1</source>
        <translation>无法列出该单元格的图像：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>True %1, predicted %2: %3 images of the validation data</source>
        <translation>真实 %1、预测 %2：验证数据中的 %3 张图像</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No model to explain yet.</source>
        <translation>还没有可解释的模型。</translation>
    </message>
    <message>
        <location line="+58"/>
        <location line="+12"/>
        <source>Cannot explain: %1</source>
        <translation>无法解释：%1</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>Explaining was cancelled after %1 of %2 images.</source>
        <translation>已解释 %2 张图像中的 %1 张后取消。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Explained %1 images.</source>
        <translation>已解释 %1 张图像。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Cannot save the overlays: %1</source>
        <translation>无法保存叠加图：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved %1 overlays in %2</source>
        <translation>已将 %1 张叠加图保存到 %2</translation>
    </message>
</context>
<context>
    <name>convstudio::ExplainSetView</name>
    <message>
        <location filename="../widgets/inference/explain_set_view.cpp" line="+25"/>
        <source>Click a cell of the confusion matrix, or Explain these under the misclassified gallery, to see its images here.</source>
        <translation>点击混淆矩阵中的单元格，或点击错分图库中的“解释这些”，即可在此查看其图像。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Explain these</source>
        <translation>解释这些</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Explain every image of the set with the Explain tab&apos;s method, class and block</source>
        <translation>用“解释”选项卡中的方法、类别和块解释该组中的每张图像</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save all…</source>
        <translation>全部保存…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write every overlay as a PNG file into a folder</source>
        <translation>将每张叠加图作为 PNG 文件写入一个文件夹</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Save All Overlays</source>
        <translation>保存全部叠加图</translation>
    </message>
</context>
<context>
    <name>convstudio::ExportDialog</name>
    <message>
        <location filename="../app/gui/export_dialog.cpp" line="+40"/>
        <source>ONNX (.onnx)</source>
        <translation>ONNX (.onnx)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Native: graph JSON + safetensors</source>
        <translation>原生格式：图 JSON + safetensors</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PyTorch source (.py) + safetensors</source>
        <translation>PyTorch 源代码 (.py) + safetensors</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Opset 13 with a dynamic batch, for onnxruntime, OpenCV DNN and other runtimes; the preprocessing is in its metadata.</source>
        <translation>Opset 13，批大小可变，适用于 onnxruntime、OpenCV DNN 等运行时；预处理信息写在其元数据中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The graph as JSON beside the weights in safetensors: ConvStudio reopens it, and it loads without running any code.</source>
        <translation>图以 JSON 保存，权重保存为 safetensors：ConvStudio 可重新打开，加载时不执行任何代码。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An nn.Module that rebuilds the network, with a loader for the weights in the .safetensors file written beside it.</source>
        <translation>重建网络的 nn.Module，并附带从旁边的 .safetensors 文件加载权重的代码。</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Export Trained Model</source>
        <translation>导出训练好的模型</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A checkpoint folder (*.ckpt) of a run</source>
        <translation>某次训练的检查点文件夹 (*.ckpt)</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+26"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Trained model:</source>
        <translation>训练好的模型：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save as:</source>
        <translation>保存为：</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Try in Inference Panel</source>
        <translation>在推理面板中试用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the exported file in the Inference panel and predict with it</source>
        <translation>在推理面板中加载导出的文件并用它预测</translation>
    </message>
    <message>
        <location line="+136"/>
        <source>What each block becomes:</source>
        <translation>每个模块导出后的形式：</translation>
    </message>
    <message>
        <location line="-134"/>
        <source>Open That Version…</source>
        <translation>打开该版本…</translation>
    </message>
    <message>
        <location line="-169"/>
        <source>TorchScript (.pt), deprecated upstream</source>
        <translation>TorchScript (.pt)，上游已弃用</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>ExportedProgram (.pt2), for Python</source>
        <translation>ExportedProgram (.pt2)，用于 Python</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>AOTInductor package (.pt2), for C++</source>
        <translation>AOTInductor 包 (.pt2)，用于 C++</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Deprecated upstream (torch 2.14 warns on torch.jit.load; prefer a .pt2 format). A scripted module for torch.jit.load in Python and torch::jit::load in C++, in eval mode; the preprocessing travels inside it.</source>
        <translation>上游已弃用（torch 2.14 在 torch.jit.load 时会发出警告；请优先使用 .pt2 格式）。一个脚本化模块，可在 Python 中用 torch.jit.load、在 C++ 中用 torch::jit::load 加载，处于 eval 模式；预处理信息随文件一起保存。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>torch.export of the generated PyTorch code with a dynamic batch, for torch.export.load in Python. Needs a Python with torch 2.6 or newer when exporting ($CONVSTUDIO_PYTHON, else python3).</source>
        <translation>用 torch.export 导出生成的 PyTorch 代码（批大小可变），供 Python 中的 torch.export.load 使用。导出时需要装有 torch 2.6 或更新版本的 Python（$CONVSTUDIO_PYTHON，否则为 python3）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compiled ahead of time for the CPU by AOTInductor: LibTorch loads it in C++ without Python, as the Inference panel does. Needs a Python with torch 2.14 and a C++ compiler when exporting; compiling takes minutes.</source>
        <translation>由 AOTInductor 针对 CPU 预先编译：LibTorch 可在 C++ 中直接加载，无需 Python，推理面板即是如此。导出时需要装有 torch 2.14 的 Python 和 C++ 编译器；编译需要几分钟。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>ONNX with int8 weights and activations (QuantizeLinear/DequantizeLinear), calibrated on the training images, for onnxruntime, OpenVINO and TensorRT; after writing it, both files are run on the validation set and compared.</source>
        <translation>权重和激活均为 int8 的 ONNX（QuantizeLinear/DequantizeLinear），在训练图像上校准，适用于 onnxruntime、OpenVINO 和 TensorRT；写入后会在验证集上运行 fp32 和 int8 两个文件并进行比较。</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>ONNX int8 (.onnx)</source>
        <translation>ONNX int8 (.onnx)</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Open the network and settings this run was trained with as a project (you are asked first about unsaved changes)</source>
        <translation>将此次训练所用的网络和设置作为项目打开（会先询问如何处理未保存的更改）</translation>
    </message>
    <message>
        <location line="+103"/>
        <source>Choose a checkpoint folder (*.ckpt)</source>
        <translation>选择检查点文件夹 (*.ckpt)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export as</source>
        <translation>导出为</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No trained model of the network as it is now: run %1 was %2. Train again, or open that version to export its model.</source>
        <translation>当前网络还没有训练好的模型：训练 %1 是%2。请重新训练，或打开该版本以导出其模型。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No trained model yet: train the network, or choose a checkpoint folder.</source>
        <translation>还没有训练好的模型：请先训练网络，或选择一个检查点文件夹。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This checkpoint of run %1 was %2.</source>
        <translation>训练 %1 的这个检查点是%2。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This checkpoint does not belong to this project: %1</source>
        <translation>此检查点不属于这个项目：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Checking %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Every block can be exported.</source>
        <translation>所有模块都可以导出。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot check the checkpoint: %1</source>
        <translation>无法检查该检查点：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose where to save the export.</source>
        <translation>请选择导出文件的保存位置。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Replace Files?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>These files exist and will be replaced:
%1</source>
        <translation>以下文件已存在，将被替换：
%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Exporting to %1…</source>
        <translation>正在导出到 %1…</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+10"/>
        <location line="+26"/>
        <location line="+9"/>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Calibrating on the training images for %1…</source>
        <translation>正在用训练图像校准 %1…</translation>
    </message>
    <message>
        <location line="-306"/>
        <source>Measuring fp32 and int8 on the validation images in onnxruntime…</source>
        <translation>正在 onnxruntime 中用验证图像测量 fp32 和 int8…</translation>
    </message>
    <message>
        <location line="+318"/>
        <source>Export cancelled; nothing was written.</source>
        <translation>导出已取消；未写入任何文件。</translation>
    </message>
    <message>
        <location line="-315"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+341"/>
        <source>int8 report:</source>
        <translation>int8 报告：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
</context>
<context>
    <name>convstudio::FeatureMapGrid</name>
    <message>
        <location filename="../widgets/inference/feature_map_grid.cpp" line="+32"/>
        <source>Tile size (Ctrl + wheel over the maps)</source>
        <translation>图块大小（在特征图上按住 Ctrl 滚动滚轮）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom</source>
        <translation>缩放</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Channel %1</source>
        <translation>通道 %1</translation>
    </message>
</context>
<context>
    <name>convstudio::FollowBadge</name>
    <message>
        <location filename="../widgets/training/follow_badge.cpp" line="+25"/>
        <source>Stop Following</source>
        <translation>停止跟随</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop reading this run folder; the charts keep what they show</source>
        <translation>停止读取此运行文件夹；图表保留当前显示的内容</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+1"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Following %1 · last line %2 ago</source>
        <translation>正在跟随 %1 · 最后一行写于 %2 前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Following %1 · no metrics yet</source>
        <translation>正在跟随 %1 · 尚无指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The charts follow this run folder as its run writes it; the lag is the time since its metrics file was last written</source>
        <translation>图表随运行写入此运行文件夹而更新；延迟是自其指标文件最后一次写入以来的时间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Followed %1 · %2 at %3</source>
        <translation>已跟随 %1 · 于 %3 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Following %1 · cannot read the folder</source>
        <translation>正在跟随 %1 · 无法读取该文件夹</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Following %1 · reconnecting…</source>
        <translation>正在跟随 %1 · 正在重新连接…</translation>
    </message>
</context>
<context>
    <name>convstudio::InferenceController</name>
    <message>
        <location filename="../app/gui/inference_controller.cpp" line="+112"/>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+15"/>
        <source>Cannot use %1: %2</source>
        <translation>无法使用 %1：%2</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Loaded: %1 (%2), input %3, %4 classes</source>
        <translation>已加载：%1（%2），输入 %3，%4 个类别</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>No model: train one or open a checkpoint or export.</source>
        <translation>没有模型：请先训练，或打开检查点或导出的模型。</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+15"/>
        <source>Prediction failed: %1</source>
        <translation>预测失败：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open a model first.</source>
        <translation>请先打开一个模型。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Folder prediction cancelled; %1 was not written.</source>
        <translation>文件夹预测已取消；未写入 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+9"/>
        <source>Folder prediction failed: %1</source>
        <translation>文件夹预测失败：%1</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Wrote %1: %2 images, %3 unreadable</source>
        <translation>已写入 %1：%2 张图像，%3 张无法读取</translation>
    </message>
</context>
<context>
    <name>convstudio::InferencePanel</name>
    <message>
        <location filename="../widgets/inference/inference_panel.cpp" line="+32"/>
        <source>Images (*.png *.jpg *.jpeg *.bmp *.tif *.tiff *.webp *.pgm *.ppm *.pnm)</source>
        <translation>图像 (*.png *.jpg *.jpeg *.bmp *.tif *.tiff *.webp *.pgm *.ppm *.pnm)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No model: train one or open a checkpoint or export.</source>
        <translation>没有模型：请先训练，或打开检查点或导出的模型。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The project&apos;s trained models; the best of the newest finished run is chosen until you pick another</source>
        <translation>此项目的已训练模型；在你另选之前，使用最近一次完成的训练中最佳的模型</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>How many of the most likely classes to show per image</source>
        <translation>每张图像显示多少个最可能的类别</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Softmax temperature: below 1 makes the model more confident, above 1 less</source>
        <translation>Softmax 温度：小于 1 使模型更自信，大于 1 则相反</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Top classes</source>
        <translation>前几个类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <location line="-82"/>
        <source>Open images…</source>
        <translation>打开图像…</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>A checkpoint folder (*.ckpt), or a .safetensors, .onnx, AOTInductor .pt2 or TorchScript .pt export. A .pt2 or .pt file runs code from the file when it is opened: open only files you trust.</source>
        <translation>检查点文件夹 (*.ckpt)，或导出的 .safetensors、.onnx、AOTInductor .pt2 或 TorchScript .pt 文件。打开 .pt2 或 .pt 文件时会运行其中的代码：只打开你信任的文件。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Predict folder to CSV…</source>
        <translation>预测文件夹并保存为 CSV…</translation>
    </message>
    <message>
        <location line="+51"/>
        <location line="+132"/>
        <location line="+1"/>
        <source>Image / class</source>
        <translation>图像 / 类别</translation>
    </message>
    <message>
        <location line="-133"/>
        <location line="+133"/>
        <source>Probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <location line="-179"/>
        <source>Drop images here or open them.</source>
        <translation>将图像拖放到此处，或打开图像。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%v of %m images</source>
        <translation>%v / %m 张图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Predictions</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Image set</source>
        <translation>图像组</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>%1 (opened)</source>
        <translation>%1（已打开）</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Pixels</source>
        <translation>像素</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>Open model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Safe model files (*.safetensors *.onnx);;Checkpoint state (state.json);;AOTInductor package, runs compiled code from the file: open only if you trust it (*.pt2);;TorchScript (deprecated upstream), runs code from the file: open only if you trust it (*.pt)</source>
        <translation>安全的模型文件 (*.safetensors *.onnx);;检查点状态 (state.json);;AOTInductor 包，会运行文件中的已编译代码：仅在信任时打开 (*.pt2);;TorchScript（上游已弃用），会运行文件中的代码：仅在信任时打开 (*.pt)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Open images</source>
        <translation>打开图像</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Folder of images</source>
        <translation>图像文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save predictions as</source>
        <translation>预测结果另存为</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Predicting every image in %1…</source>
        <translation>正在预测 %1 中的所有图像…</translation>
    </message>
</context>
<context>
    <name>convstudio::Int8ExportForm</name>
    <message>
        <location filename="../app/gui/int8_export_form.cpp" line="+32"/>
        <source>Min/max</source>
        <translation>最小/最大值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Percentile (99.99 %)</source>
        <translation>百分位 (99.99 %)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Entropy (KL divergence)</source>
        <translation>熵（KL 散度）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Not measured: %1</source>
        <translation>未测量：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measured with the exported file in onnxruntime on %1 validation images.</source>
        <translation>已在 onnxruntime 中用导出的文件在 %1 张验证图像上测量。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Validation accuracy: fp32 %1, int8 %2 (%3 points lost)</source>
        <translation>验证准确率：fp32 %1，int8 %2（下降 %3 个百分点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validation accuracy: fp32 %1, int8 %2 (%3 points gained)</source>
        <translation>验证准确率：fp32 %1，int8 %2（提高 %3 个百分点）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Top-1 agreement with fp32: %1</source>
        <translation>与 fp32 的 Top-1 一致率：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency fp32 / int8: %1× (from %2× to %3× over %4 paired runs, batch 64, one thread)</source>
        <translation>延迟 fp32 / int8：%1×（%4 组配对运行中从 %2× 到 %3×，批大小 64，单线程）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source> images</source>
        <translation> 张图像</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training images run through the model to choose each activation&apos;s int8 range, with the preprocessing used in training</source>
        <translation>用训练时的预处理将这些训练图像送入模型，以确定每个激活的 int8 范围</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>How an activation&apos;s range is chosen from what calibration saw</source>
        <translation>如何根据校准时看到的值确定激活的范围</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weights per output channel</source>
        <translation>按输出通道量化权重</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One weight scale per output channel (more accurate) instead of one per weight tensor</source>
        <translation>每个输出通道一个权重缩放因子（更准确），而不是每个权重张量一个</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cancel Export</source>
        <translation>取消导出</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Calibration:</source>
        <translation>校准：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Method:</source>
        <translation>方法：</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>File size: int8 %1, fp32 %2 (%3 of fp32)</source>
        <translation>文件大小：int8 %1，fp32 %2（为 fp32 的 %3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Calibrated on %1 training images, %2, %3; weights in [-%4, %4]</source>
        <translation>在 %1 张训练图像上校准，%2，%3；权重范围 [-%4, %4]</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>weights per output channel</source>
        <translation>权重按输出通道</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>one scale per weight tensor</source>
        <translation>每个权重张量一个缩放因子</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stayed float: none, every block runs in int8 or is folded.</source>
        <translation>保持浮点的模块：无，所有模块都以 int8 运行或已被折叠。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stayed float:</source>
        <translation>保持浮点的模块：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  %1: %2</source>
        <translation>  %1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Folded into %1: %2</source>
        <translation>折叠进 %1：%2</translation>
    </message>
</context>
<context>
    <name>convstudio::LiveChart</name>
    <message>
        <location filename="../widgets/training/live_chart.cpp" line="+294"/>
        <location line="+4"/>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>PNG image (*.png);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reset View</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export Image…</source>
        <translation>导出图像…</translation>
    </message>
</context>
<context>
    <name>convstudio::LossSettingsEditor</name>
    <message>
        <location filename="../widgets/training/loss_settings_editor.cpp" line="+44"/>
        <source>Every class counts alike</source>
        <translation>每个类别同等计数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rare classes count more: images ÷ (classes × the class&apos;s images), as scikit-learn</source>
        <translation>稀有类别权重更大：图像总数 ÷（类别数 × 该类别图像数），与 scikit-learn 相同</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How much each class&apos;s mistakes cost in the loss: none, balanced (from the training split&apos;s counts), or one weight per class in class order, such as 1, 5, 2.5</source>
        <translation>每个类别的错误在损失中的代价：none（不加权）、balanced（按训练集各类别数量计算），或按类别顺序为每个类别写一个权重，例如 1, 5, 2.5</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none, balanced or 1, 5, 2.5</source>
        <translation>none、balanced 或 1, 5, 2.5</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+44"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>Train against labels that keep this share for the other classes, so the model is less sure of itself (0.1 is common)</source>
        <translation>训练时把这一比例的标签概率分给其他类别，使模型不过分自信（常用 0.1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Balanced accuracy</source>
        <translation>平衡准确率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Macro-F1</source>
        <translation>宏平均 F1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Shuffle</source>
        <translation>打乱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Class-balanced</source>
        <translation>类别均衡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How an epoch draws the training images. Shuffle: each image once. Class-balanced: each draw picks a class at random, all classes alike, then one of its images, so rare classes are seen as often as common ones (their images repeat).</source>
        <translation>每一轮如何抽取训练图像。打乱：每张图像各一次。类别均衡：每次先以相同的机会随机选一个类别，再从该类别中选一张图像，因此稀有类别与常见类别被看到的次数一样多（其图像会重复出现）。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Mixup blends each training image with another image of its batch, and their labels alike, by a share drawn from Beta(α, α) (torchvision&apos;s MixUp; 0.2 is common)</source>
        <translation>Mixup 将每张训练图像与同一批次中的另一张图像按从 Beta(α, α) 抽取的比例混合，标签也同样混合（即 torchvision 的 MixUp；常用 0.2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CutMix pastes a box of another image of the batch into each training image, the labels weighed by area, the box&apos;s share drawn from Beta(α, α) (torchvision&apos;s CutMix; 1 is common). With mixup on too, each batch takes one of the two.</source>
        <translation>CutMix 将同一批次中另一张图像的一个矩形区域贴到每张训练图像上，标签按面积加权，区域比例从 Beta(α, α) 抽取（即 torchvision 的 CutMix；常用 1）。若同时开启 mixup，每个批次只取二者之一。</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Share of the batches mixup is applied to</source>
        <translation>应用 mixup 的批次比例</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Mean IoU (segmentation)</source>
        <translation>平均 IoU（分割）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The validation figure the best checkpoint keeps. Balanced accuracy and macro-F1 see rare classes, and early stopping follows them too; with accuracy it watches the validation loss. Mean IoU is a segmentation run&apos;s mean intersection over union of the classes.</source>
        <translation>最佳检查点依据的验证指标。平衡准确率和宏平均 F1 会顾及稀有类别，早停也随之依据它们；选准确率时早停看验证损失。平均 IoU 是分割运行中各类别交并比的平均值。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cross-entropy</source>
        <translation>交叉熵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dice</source>
        <translation>Dice</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cross-entropy + Dice</source>
        <translation>交叉熵 + Dice</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A segmentation project&apos;s per-pixel loss. Cross-entropy uses the class weights, label smoothing and the data set&apos;s ignore label; Dice measures the overlap of the predicted and true masks of the classes present, so small classes count as much as large ones; cross-entropy + Dice adds the two. Classification projects ignore it.</source>
        <translation>分割项目的逐像素损失。交叉熵使用类别权重、标签平滑和数据集的忽略标签；Dice 衡量出现的各类别预测掩码与真实掩码的重叠程度，因此小类别与大类别同等重要；交叉熵 + Dice 将两者相加。分类项目忽略此项。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Share of the batches CutMix is applied to</source>
        <translation>应用 CutMix 的批次比例</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>Class weights:</source>
        <translation>类别权重：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label smoothing:</source>
        <translation>标签平滑：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Best checkpoint by:</source>
        <translation>最佳检查点依据：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Segmentation loss:</source>
        <translation>分割损失：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sampler:</source>
        <translation>采样方式：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mixup α:</source>
        <translation>Mixup α：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mixup probability:</source>
        <translation>Mixup 概率：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CutMix α:</source>
        <translation>CutMix α：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CutMix probability:</source>
        <translation>CutMix 概率：</translation>
    </message>
</context>
<context>
    <name>convstudio::LrFinderDialog</name>
    <message>
        <location filename="../widgets/training/lr_finder_dialog.cpp" line="+15"/>
        <source>Find Learning Rate</source>
        <translation>查找学习率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The learning rate grows exponentially over a few hundred steps on the training data while the loss is recorded. Two suggestions, as fastai makes them: the steepest fall of the smoothed loss (used by the button below) and the valley, about half way along the longest stretch of falling loss (fastai&apos;s default). The model&apos;s weights are put back afterwards.</source>
        <translation>学习率在训练数据上经过几百步呈指数增长，同时记录损失。按 fastai 的做法给出两个建议：平滑损失下降最陡处（下方按钮使用此值），以及谷值——最长下降段大约一半处（fastai 的默认值）。之后会恢复模型的权重。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use the Suggestion</source>
        <translation>使用建议值</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Loading the data and the model…</source>
        <translation>正在加载数据和模型…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Step %1 of %2: learning rate %3, smoothed loss %4</source>
        <translation>第 %1 步，共 %2 步：学习率 %3，平滑损失 %4</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 steps with %2, batch %3, on %4</source>
        <translation>共 %1 步，优化器 %2，批大小 %3，设备 %4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>; stopped where the loss diverged</source>
        <translation>；在损失发散处停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>; stopped early</source>
        <translation>；已提前停止</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Steepest fall: %1 (the suggestion, used by the button below).</source>
        <translation>下降最陡处：%1（建议值，下方按钮使用此值）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Valley: %1 (fastai&apos;s default rule).</source>
        <translation>谷值：%1（fastai 的默认规则）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The project uses %1.</source>
        <translation>项目当前使用 %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use %1 (Steepest)</source>
        <translation>使用 %1（最陡）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No suggestion: the loss did not fall over the range.</source>
        <translation>无建议值：在该范围内损失没有下降。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The learning-rate finder failed: %1</source>
        <translation>学习率查找失败：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::LrFinderPlot</name>
    <message>
        <location filename="../widgets/training/lr_finder_plot.cpp" line="+25"/>
        <source>learning rate (log scale)</source>
        <translation>学习率（对数刻度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>loss (step)</source>
        <translation>损失（每步）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>smoothed</source>
        <translation>平滑</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>steepest %1 (used)</source>
        <translation>最陡 %1（采用）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>valley %1</source>
        <translation>谷值 %1</translation>
    </message>
</context>
<context>
    <name>convstudio::MainToolBar</name>
    <message>
        <location filename="../app/gui/main_toolbar.cpp" line="+15"/>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Main Toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+23"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>Auto: %1</source>
        <translation>自动：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Automatic (a GPU when there is one)</source>
        <translation>自动（有 GPU 时使用 GPU）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Mixed precision</source>
        <translation>混合精度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Off (fp32)</source>
        <translation>关闭 (fp32)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Auto (bf16 where native)</source>
        <translation>自动（原生支持时用 bf16）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Device and mixed precision of the next run; click to change them</source>
        <translation>下次训练的设备和混合精度；点击可更改</translation>
    </message>
</context>
<context>
    <name>convstudio::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="+463"/>
        <source>ConvStudio</source>
        <translation>ConvStudio</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window_menus.cpp" line="+198"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="-138"/>
        <source>&amp;New Project…</source>
        <translation>新建项目(&amp;N)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the &amp;Example</source>
        <translation>打开示例(&amp;E)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Close Project</source>
        <translation>关闭项目(&amp;C)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Export Trained Model…</source>
        <translation>导出训练好的模型(&amp;E)…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>&amp;Fit to View</source>
        <translation>适合视图(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="-303"/>
        <source>Save Project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The project was saved, but not all of its runs came along: %1</source>
        <translation>项目已保存，但并非所有训练记录都随之移过来：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window_menus.cpp" line="-60"/>
        <source>&amp;Import Model…</source>
        <translation>导入模型(&amp;I)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Turn an ONNX classifier (from PyTorch or elsewhere) into a project with its weights</source>
        <translation>将 ONNX 分类器（来自 PyTorch 或其他来源）连同其权重转换为项目</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Recover &amp;Unsaved Runs…</source>
        <translation>恢复未保存的运行(&amp;U)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open again a project that was closed without being saved, from the runs it left in the data folder</source>
        <translation>从未保存就关闭的项目留在数据文件夹中的运行，重新打开该项目</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Write a trained model of this project as TorchScript, ONNX, safetensors or PyTorch code</source>
        <translation>将此项目的已训练模型写成 TorchScript、ONNX、safetensors 或 PyTorch 代码</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reopen the Last Project at Start</source>
        <translation>启动时重新打开上次的项目</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Fit</source>
        <translation>适应视图</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Overview Map</source>
        <translation>概览图(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A map of the whole model in the canvas&apos;s corner while part of it is out of view</source>
        <translation>模型有部分不在视图中时，在画布角落显示整个模型的概览图</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Snap to Grid</source>
        <translation>对齐网格(&amp;S)</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>&amp;About ConvStudio</source>
        <translation>关于 ConvStudio(&amp;A)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="+27"/>
        <source>Blocks</source>
        <translation>模块</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+25"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Problems (%1)</source>
        <translation>问题 (%1)</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Profile</source>
        <translation>性能剖析</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The misclassified gallery: %1 images</source>
        <translation>错分图库：%1 张图像</translation>
    </message>
    <message>
        <location line="-122"/>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Not this project&apos;s model: %1</source>
        <translation>不是此项目的模型：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window_menus.cpp" line="+31"/>
        <source>&amp;Training</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="+209"/>
        <source>%1[*] — ConvStudio</source>
        <translation>%1[*] — ConvStudio</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Device: cuda:0 %1</source>
        <translation>设备：cuda:0 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Device: CPU (%1 threads); CUDA not available</source>
        <translation>设备：CPU（%1 线程）；CUDA 不可用</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Could not reopen %1: %2</source>
        <translation>无法重新打开 %1：%2</translation>
    </message>
</context>
<context>
    <name>convstudio::MisclassifiedGallery</name>
    <message>
        <location filename="../widgets/training/misclassified_gallery.cpp" line="+41"/>
        <source>true: %1
predicted: %2 (%3%)</source>
        <translation>真实：%1
预测：%2（%3%）</translation>
    </message>
</context>
<context>
    <name>convstudio::MisclassifiedPanel</name>
    <message>
        <location filename="../widgets/training/misclassified_panel.cpp" line="+16"/>
        <source>Explain these</source>
        <translation>解释这些</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Explain every image of the gallery with the Inference panel&apos;s model</source>
        <translation>用推理面板的模型解释图库中的每张图像</translation>
    </message>
</context>
<context>
    <name>convstudio::ModelImporter</name>
    <message>
        <location filename="../app/gui/model_importer.cpp" line="+27"/>
        <location line="+13"/>
        <location line="+17"/>
        <source>Import Model</source>
        <translation>导入模型</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>ONNX models (*.onnx)</source>
        <translation>ONNX 模型 (*.onnx)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save the Imported Project As</source>
        <translation>将导入的项目另存为</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ConvStudio projects (*.convstudio)</source>
        <translation>ConvStudio 项目 (*.convstudio)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The model cannot be imported; nothing was written.</source>
        <translation>无法导入该模型；未写入任何文件。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>The import stopped: %1</source>
        <translation>导入已中止：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::OptimizerSettingsEditor</name>
    <message>
        <location filename="../widgets/training/optimizer_settings_editor.cpp" line="+45"/>
        <source>Fine-tuning: blocks that start from the project&apos;s pretrained weights (an imported model, or weights set from a file) learn at this times the learning rate; new blocks, such as a fresh head, at the full rate. 1 means no difference.</source>
        <translation>微调：从项目预训练权重（导入的模型，或从文件设置的权重）开始的块，以学习率乘以此值进行学习；新块（例如新的输出头）使用完整学习率。1 表示没有区别。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nesterov momentum</source>
        <translation>Nesterov 动量</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+20"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Constant</source>
        <translation>恒定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step (multiply every N epochs)</source>
        <translation>阶梯（每 N 轮乘以系数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cosine decay</source>
        <translation>余弦衰减</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One-cycle</source>
        <translation>单周期</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>every </source>
        <translation>每 </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> epoch(s)</source>
        <translation> 个轮次</translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+27"/>
        <source>× </source>
        <translation>× </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scale gradients down when their total norm is above this</source>
        <translation>梯度总范数超过此值时按比例缩小梯度</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Optimizer:</source>
        <translation>优化器：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Learning rate:</source>
        <translation>学习率：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pretrained blocks:</source>
        <translation>预训练块：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Momentum:</source>
        <translation>动量：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weight decay:</source>
        <translation>权重衰减：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Schedule:</source>
        <translation>学习率计划：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warm-up:</source>
        <translation>预热：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step:</source>
        <translation>阶梯：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step factor:</source>
        <translation>阶梯系数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gradient clipping:</source>
        <translation>梯度裁剪：</translation>
    </message>
</context>
<context>
    <name>convstudio::OutOfMemoryDialog</name>
    <message>
        <location filename="../widgets/training/out_of_memory_dialog.cpp" line="+13"/>
        <source>Out of Memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The device ran out of memory during training.</source>
        <translation>训练期间设备内存不足。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What to change:</source>
        <translation>可以这样调整：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Use Batch %1 × Accumulation %2</source>
        <translation>使用批大小 %1 × 累积 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Halve the batch size to %1 and double the gradient accumulation to %2: the effective batch stays %3.</source>
        <translation>将批大小减半为 %1，梯度累积加倍为 %2：有效批大小仍为 %3。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Turn on mixed precision (bf16, or fp16 on older GPUs): activations take about half the memory.</source>
        <translation>开启混合精度（bf16，旧 GPU 上用 fp16）：激活约占一半内存。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Turn on automatic out-of-memory recovery, so the run halves the batch itself and goes on.</source>
        <translation>开启自动内存不足恢复，训练会自行将批大小减半并继续。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Make the model smaller (fewer channels or blocks) or the input smaller.</source>
        <translation>缩小模型（更少通道或模块）或缩小输入。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release cached GPU memory, and close other programs that use the GPU.</source>
        <translation>释放缓存的 GPU 内存，并关闭其他使用 GPU 的程序。</translation>
    </message>
</context>
<context>
    <name>convstudio::OverviewMap</name>
    <message>
        <location filename="../widgets/builder/overview_map.cpp" line="+23"/>
        <source>The whole model; click or drag to move the view</source>
        <translation>整个模型；点击或拖动可移动视图</translation>
    </message>
</context>
<context>
    <name>convstudio::PaletteWidget</name>
    <message>
        <location filename="../widgets/builder/palette_widget.cpp" line="+41"/>
        <source>Search blocks</source>
        <translation>搜索模块</translation>
    </message>
</context>
<context>
    <name>convstudio::PeerRankProcesses</name>
    <message>
        <location filename="../app/bridge/peer_rank_processes.cpp" line="+106"/>
        <source>[rank %1] %2</source>
        <translation>[rank %1] %2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Rank %1 ended abnormally (killed or crashed)</source>
        <translation>Rank %1 异常结束（被终止或崩溃）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rank %1 exited with code %2</source>
        <translation>Rank %1 以退出码 %2 结束</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rank %1 could not be started</source>
        <translation>无法启动 Rank %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>: %1</source>
        <translation>：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::ProblemsWidget</name>
    <message>
        <location filename="../widgets/builder/problems_widget.cpp" line="+17"/>
        <source>Block</source>
        <translation>模块</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Wire refused: %1</source>
        <translation>连线被拒绝：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>(model)</source>
        <translation>(模型)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Training settings</source>
        <translation>训练设置</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No problems: every block has a shape.</source>
        <translation>没有问题：每个模块的形状都已确定。</translation>
    </message>
</context>
<context>
    <name>convstudio::ProfileController</name>
    <message>
        <location filename="../app/gui/profile_controller.cpp" line="+43"/>
        <source>The graph changed while it was profiled: profile it again.</source>
        <translation>剖析期间网络图已更改：请重新剖析。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The graph changed since it was profiled: profile it again.</source>
        <translation>剖析之后网络图已更改：请重新剖析。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1% · %2 ms</source>
        <translation>%1% · %2 毫秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Profiled: hottest block %1 (%2% of a %3 ms step)</source>
        <translation>已剖析：最耗时的块为 %1（占 %3 毫秒训练步的 %2%）</translation>
    </message>
</context>
<context>
    <name>convstudio::ProfileLegend</name>
    <message>
        <location filename="../widgets/builder/profile_legend.cpp" line="+59"/>
        <source>Share of a training step</source>
        <translation>占一个训练步的比例</translation>
    </message>
</context>
<context>
    <name>convstudio::ProfilePanel</name>
    <message>
        <location filename="../widgets/training/profile_panel.cpp" line="+24"/>
        <source>(data loading)</source>
        <translation>（数据加载）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(loss)</source>
        <translation>（损失）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(optimizer step)</source>
        <translation>（优化器步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(bookkeeping)</source>
        <translation>（记录与统计）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Profile</source>
        <translation>性能剖析</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measure a few training steps of this project block by block: forward and backward time, activation memory kept for backward, FLOP/s</source>
        <translation>逐块测量本项目的几个训练步：前向与反向时间、为反向传播保留的激活内存、FLOP/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Colour blocks by time</source>
        <translation>按耗时为块着色</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Block</source>
        <translation>模块</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Forward ms</source>
        <translation>前向 毫秒</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Backward ms</source>
        <translation>反向 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kept MiB</source>
        <translation>保留 MiB</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Estimated MiB</source>
        <translation>估计 MiB</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share %</source>
        <translation>占比 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Activation memory the block&apos;s forward keeps for backward, measured</source>
        <translation>该块前向为反向传播保留的激活内存（实测）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The builder&apos;s estimate of the same memory</source>
        <translation>构建器对同一内存的估计</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Not profiled yet: Profile measures a few training steps of the project on its training data.</source>
        <translation>尚未剖析：“性能剖析”会在项目的训练数据上测量几个训练步。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Profiling: loading the data…</source>
        <translation>正在剖析：加载数据…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Profiling: step %1 of %2</source>
        <translation>正在剖析：第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The profiler stopped: %1</source>
        <translation>剖析已停止：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Profiling cancelled.</source>
        <translation>剖析已取消。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>A step takes %1 ms (batch %2 on %3, %4; mean of %5 steps, %6). Hottest block: %7, %8% of the step.</source>
        <translation>一个训练步耗时 %1 毫秒（批大小 %2，%3，%4；%5 步的平均值，%6）。最耗时的块：%7，占该步的 %8%。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CUDA events</source>
        <translation>CUDA 事件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>host clock</source>
        <translation>主机时钟</translation>
    </message>
</context>
<context>
    <name>convstudio::ProjectController</name>
    <message>
        <location filename="../app/gui/project_controller.cpp" line="+38"/>
        <source>ConvStudio projects (*%1)</source>
        <translation>ConvStudio 项目 (*%1)</translation>
    </message>
    <message>
        <location line="+85"/>
        <location line="+303"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location line="-277"/>
        <source>Fashion-MNIST example</source>
        <translation>Fashion-MNIST 示例</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Open the Trained Version</source>
        <translation>打开训练时的版本</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The checkpoint %1 holds no readable project.</source>
        <translation>检查点 %1 中没有可读取的项目。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 as run %2 trained it</source>
        <translation>%1（训练 %2 时的版本）</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Recovered</source>
        <translation>已恢复</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The project cannot be read:
%1</source>
        <translation>无法读取该项目：
%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+7"/>
        <source>New Project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+3"/>
        <location line="+31"/>
        <source>Open Project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Recover Unsaved Runs</source>
        <translation>恢复未保存的运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No runs of unsaved projects are left in the data folder (%1).</source>
        <translation>数据文件夹（%1）中没有留下未保存项目的运行。</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+16"/>
        <source>Save Project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <location line="-16"/>
        <location line="+16"/>
        <source>The project was not saved: %1</source>
        <translation>项目未保存：%1</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Save Project As</source>
        <translation>项目另存为</translation>
    </message>
    <message>
        <location line="+31"/>
        <location line="+10"/>
        <source>Recover Unsaved Work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>ConvStudio did not close normally. Restore the unsaved changes to “%1” from the last autosave?</source>
        <translation>ConvStudio 上次未正常关闭。是否从最近一次自动保存中恢复“%1”未保存的更改？</translation>
    </message>
</context>
<context>
    <name>convstudio::PropertiesWidget</name>
    <message>
        <location filename="../widgets/builder/properties_widget.cpp" line="+93"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select one block on the canvas to edit its parameters.</source>
        <translation>在画布上选择一个模块以编辑其参数。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>No parameters.</source>
        <translation>没有参数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Trainable</source>
        <translation>可训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Off: training leaves this block&apos;s weights (and BatchNorm statistics) exactly as they are, for fine-tuning a pretrained model.</source>
        <translation>关闭时：训练完全保留此块的权重（以及 BatchNorm 统计量），用于微调预训练模型。</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+74"/>
        <source>Recompute in backward</source>
        <translation>在反向传播中重新计算</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>On: training keeps none of this block&apos;s activations for the backward pass and runs its forward again during it (activation checkpointing): less memory, more compute. Dropout draws the same mask and BatchNorm updates its statistics once. Alone, a block keeps its inputs, which saves little; select a stage and use Edit &gt; Recompute Selection in Backward as One Segment to keep only the stage&apos;s inputs.</source>
        <translation>开启：训练时不为反向传播保留此模块的激活值，而在反向传播中重新运行其前向计算（激活检查点）：内存更少，计算更多。Dropout 使用相同的掩码，BatchNorm 只更新一次统计量。单独标记时模块仍保留其输入，节省很少；请选中一个阶段并使用“编辑 &gt; 将所选模块作为一个分段在反向传播中重新计算”，只保留该阶段的输入。</translation>
    </message>
    <message numerus="yes">
        <location line="+70"/>
        <source>Recompute in backward: %1, %n block(s)</source>
        <translation>
            <numerusform>在反向传播中重新计算：%1，%n 个模块</numerusform>
        </translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Blocks: %1   Wires: %2</source>
        <translation>模块：%1   连线：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Input: %1   Output: %2</source>
        <translation>输入：%1   输出：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+12"/>
        <source>Parameters: %1   MACs: %2</source>
        <translation>参数：%1   MACs：%2</translation>
    </message>
    <message numerus="yes">
        <location line="-8"/>
        <source>%n problem(s), listed under Problems.</source>
        <translation>
            <numerusform>%n 个问题，见“问题”面板。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Output: %1</source>
        <translation>输出：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::QueueActions</name>
    <message>
        <location filename="../app/gui/queue_actions.cpp" line="+46"/>
        <source>lr %1, batch %2, graph %3</source>
        <translation>学习率 %1，批大小 %2，网络 %3</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Run Queue in Progress</source>
        <translation>运行队列正在进行</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>The run queue is training (%n run(s) not yet done). Stop it and close? The run that is training resumes from its last checkpoint when this project is opened again.</source>
        <translation>
            <numerusform>运行队列正在训练（还有 %n 个运行未完成）。停止并关闭吗？正在训练的运行会在再次打开此项目时从最后一个检查点继续。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Run Queue</source>
        <translation>运行队列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The queue was not changed: %1</source>
        <translation>队列未更改：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::RankLoadView</name>
    <message>
        <location filename="../widgets/training/rank_load_view.cpp" line="+21"/>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Each process of the data-parallel run: its own training speed over the recent steps and its memory (CPU: the process&apos;s resident memory; GPU: memory allocated on it)</source>
        <translation>数据并行训练中的每个进程：它在最近几步的训练速度和它的内存（CPU：进程的常驻内存；GPU：在该 GPU 上分配的内存）</translation>
    </message>
</context>
<context>
    <name>convstudio::RecoverRunsDialog</name>
    <message>
        <location filename="../app/gui/recover_runs_dialog.cpp" line="+54"/>
        <source>Recover Unsaved Runs</source>
        <translation>恢复未保存的运行</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>These projects were closed without being saved; their runs stayed in the data folder. Open one to get it back with all its runs, then save it to keep them beside its file.</source>
        <translation>这些项目在关闭时没有保存，它们的运行留在了数据文件夹中。打开其中一个即可连同它的所有运行一起找回，然后保存它，让这些运行保存在项目文件旁边。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Val. accuracy</source>
        <translation>验证准确率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open Project</source>
        <translation>打开项目</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>Unsaved project of %1 · %n run(s)</source>
        <translation>
            <numerusform>%1 的未保存项目 · %n 个运行</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>%1 (recovered)</source>
        <translation>%1（已恢复）</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n block(s)</source>
        <translation>
            <numerusform>%n 个模块</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>convstudio::RemoteRuns</name>
    <message>
        <location filename="../app/gui/remote_runs.cpp" line="+25"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Run &amp;On…</source>
        <translation>在远程运行(&amp;O)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Train the saved project on another machine over SSH, directly or through SLURM, and follow it here</source>
        <translation>通过 SSH 在另一台机器上训练已保存的项目（直接运行或经由 SLURM），并在此处跟随</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop Remote Run</source>
        <translation>停止远程运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stopping the run on %1…</source>
        <translation>正在停止 %1 上的运行…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run On</source>
        <translation>在远程运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the project first: the saved file is what is copied.</source>
        <translation>请先保存项目：复制的是已保存的文件。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot submit: %1</source>
        <translation>无法提交：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copying the project to %1 and starting it…</source>
        <translation>正在将项目复制到 %1 并启动…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The run could not be submitted: %1</source>
        <translation>无法提交运行：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Submitted to %1 as SLURM job %2.</source>
        <translation>已作为 SLURM 作业 %2 提交到 %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started on %1 (process %2).</source>
        <translation>已在 %1 上启动（进程 %2）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (next try in %2 s)</source>
        <translation>%1（%2 秒后重试）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Following the remote run stopped: %1</source>
        <translation>已停止跟随远程运行：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop sent; the run writes its checkpoint and ends.</source>
        <translation>已发送停止；运行会写入检查点后结束。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop could not be sent: %1</source>
        <translation>无法发送停止：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The mirrored run cannot be shown: %1</source>
        <translation>无法显示镜像的运行：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The run on %1 %2; its folder, checkpoints included, is in %3.</source>
        <translation>%1 上的运行%2；其文件夹（含检查点）位于 %3。</translation>
    </message>
</context>
<context>
    <name>convstudio::RemoteTargetForm</name>
    <message>
        <location filename="../app/gui/remote_target_form.cpp" line="+29"/>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Your name for this target</source>
        <translation>您为此目标起的名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH destination:</source>
        <translation>SSH 目标：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>As you would write it for ssh: host, user@host or a Host of your ~/.ssh/config. Your own keys are used; no password is stored.</source>
        <translation>按 ssh 的写法：host、user@host 或 ~/.ssh/config 中的 Host。使用您自己的密钥；不保存任何密码。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ssh&apos;s choice</source>
        <translation>由 ssh 决定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port:</source>
        <translation>端口：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH config file:</source>
        <translation>SSH 配置文件：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A config file for ssh -F; empty: ~/.ssh/config</source>
        <translation>用于 ssh -F 的配置文件；留空：~/.ssh/config</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ConvStudio there:</source>
        <translation>远程的 ConvStudio：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>convstudio-cli on the remote: a path or a name on its PATH</source>
        <translation>远程机器上的 convstudio-cli：路径或其 PATH 中的名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Work folder:</source>
        <translation>工作文件夹：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where submitted runs live on the remote (relative: its home)</source>
        <translation>提交的运行在远程存放的位置（相对路径：相对其主目录）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data there:</source>
        <translation>远程的数据：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The data&apos;s path on the remote; empty: the project&apos;s data is copied</source>
        <translation>数据在远程的路径；留空：复制项目的数据</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SLURM cluster</source>
        <translation>SLURM 集群</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the default partition</source>
        <translation>默认分区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Partition:</source>
        <translation>分区：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Nodes:</source>
        <translation>节点数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workers per node:</source>
        <translation>每节点工作进程数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One worker per GPU, or CPU ranks</source>
        <translation>每个 GPU 一个工作进程，或 CPU 进程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs per node:</source>
        <translation>每节点 GPU 数：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the partition&apos;s, or e.g. 02:00:00</source>
        <translation>分区的默认值，或例如 02:00:00</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time limit:</source>
        <translation>时间限制：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#SBATCH --account=…  (one line each)</source>
        <translation>#SBATCH --account=…（每行一条）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>More #SBATCH lines:</source>
        <translation>更多 #SBATCH 行：</translation>
    </message>
</context>
<context>
    <name>convstudio::RunComparisonModel</name>
    <message>
        <location filename="../widgets/training/run_comparison_model.cpp" line="+131"/>
        <source>ConvStudio</source>
        <translation>ConvStudio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Commit</source>
        <translation>提交</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LibTorch</source>
        <translation>LibTorch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device name</source>
        <translation>设备名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU threads</source>
        <translation>CPU 线程数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LibTorch threads</source>
        <translation>LibTorch 线程数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data fingerprint</source>
        <translation>数据指纹</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>pruned</source>
        <translation>已剪枝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The study&apos;s pruner stopped this trial at a validation: it was weaker than the earlier trials there. Its run folder and checkpoint are kept.</source>
        <translation>研究的剪枝器在一次验证时停止了这个试验：它在该处弱于之前的试验。它的运行文件夹和检查点都保留。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Refused before it trained: %1</source>
        <translation>训练前被拒绝：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not train: %1</source>
        <translation>无法训练：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>trial %1 (no run)</source>
        <translation>试验 %1（无运行）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Graph</source>
        <translation>网络版本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Val. accuracy</source>
        <translation>验证准确率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Val. loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Best val. accuracy</source>
        <translation>最佳验证准确率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Balanced accuracy</source>
        <translation>平衡准确率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Macro-F1</source>
        <translation>宏平均 F1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Peak memory</source>
        <translation>峰值内存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Val. mIoU</source>
        <translation>验证 mIoU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Best val. mIoU</source>
        <translation>最佳验证 mIoU</translation>
    </message>
</context>
<context>
    <name>convstudio::RunFollowing</name>
    <message>
        <location filename="../app/gui/run_following.cpp" line="+45"/>
        <source>Open &amp;Run…</source>
        <translation>打开运行(&amp;R)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show a run folder in the cockpit and follow it while it trains: a run of the command line, or of another machine whose folder is mounted here</source>
        <translation>在训练驾驶舱中显示一个运行文件夹，并在其训练时持续跟随：命令行的运行，或文件夹挂载到本机的其他机器上的运行</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Open Run (a run folder)</source>
        <translation>打开运行（一个运行文件夹）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open Run</source>
        <translation>打开运行</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A run is training here; stop it before following another.</source>
        <translation>此处有运行正在训练；请先停止它，再跟随其他运行。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Following %1</source>
        <translation>正在跟随 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Following the run in %1</source>
        <translation>正在跟随 %1 中的运行</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>%1 on %2</source>
        <translation>%2 上的 %1</translation>
    </message>
    <message>
        <location line="-163"/>
        <source>Stopped following; the charts show the run as it was.</source>
        <translation>已停止跟随；图表显示该运行停止跟随时的状态。</translation>
    </message>
    <message>
        <location line="+146"/>
        <source>The followed run %1 ended: %2</source>
        <translation>跟随的运行 %1 已结束：%2</translation>
    </message>
</context>
<context>
    <name>convstudio::RunOnDialog</name>
    <message>
        <location filename="../app/gui/run_on_dialog.cpp" line="+24"/>
        <source>Run On</source>
        <translation>在远程运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Targets:</source>
        <translation>目标：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save Target</source>
        <translation>保存目标</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>More train flags:</source>
        <translation>更多训练参数：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>e.g. --max-steps 1000</source>
        <translation>例如 --max-steps 1000</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Submit with SLURM (the sbatch script below, which you may edit)</source>
        <translation>通过 SLURM 提交（使用下方可编辑的 sbatch 脚本）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Submit</source>
        <translation>提交</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The targets file cannot be read: %1</source>
        <translation>无法读取目标文件：%1</translation>
    </message>
    <message>
        <location line="+67"/>
        <source># The target is not complete yet: %1</source>
        <translation># 目标尚未填写完整：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::RunQueueRunner</name>
    <message>
        <location filename="../app/bridge/run_queue_runner.cpp" line="+63"/>
        <source>The run queue cannot be read: %1</source>
        <translation>无法读取运行队列：%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+15"/>
        <source>Open or create a project first.</source>
        <translation>请先打开或新建一个项目。</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>The queued run %1 could not start: %2</source>
        <translation>排队的运行 %1 无法启动：%2</translation>
    </message>
    <message>
        <location line="+56"/>
        <location line="+30"/>
        <source>The run queue cannot be saved: %1</source>
        <translation>无法保存运行队列：%1</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>The run queue file could not be read, so it is not overwritten: %1</source>
        <translation>无法读取运行队列文件，因此不会覆盖它：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::RunQueueView</name>
    <message>
        <location filename="../widgets/training/run_queue_view.cpp" line="+28"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Queue Current Settings</source>
        <translation>将当前设置加入队列</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+123"/>
        <source>Add a run of the model and settings as they are now to the queue</source>
        <translation>将当前模型和设置的一次运行加入队列</translation>
    </message>
    <message>
        <location line="-122"/>
        <source>Sweep…</source>
        <translation>扫描…</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+123"/>
        <source>Queue every combination of the values of one or two settings</source>
        <translation>将一个或两个设置的所有取值组合加入队列</translation>
    </message>
    <message>
        <location line="-122"/>
        <source>Move Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove from Queue</source>
        <translation>从队列中移除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected run from the queue (a running one is stopped)</source>
        <translation>从队列中移除所选运行（正在进行的运行会被停止）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+154"/>
        <source>Pause Queue</source>
        <translation>暂停队列</translation>
    </message>
    <message>
        <location line="-113"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped, to resume</source>
        <translation>已停止，待继续</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Queue entry %1</source>
        <translation>队列项 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, sweep %1</source>
        <translation>，扫描 %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Nothing queued. Queue the current settings, or a sweep of them.</source>
        <translation>队列为空。可将当前设置或其扫描加入队列。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Paused: %n run(s) waiting.</source>
        <translation>
            <numerusform>已暂停：%n 个运行等待中。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n run(s) waiting.</source>
        <translation>
            <numerusform>%n 个运行等待中。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Resume Queue</source>
        <translation>继续队列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
</context>
<context>
    <name>convstudio::RunSettingsEditor</name>
    <message>
        <location filename="../widgets/training/run_settings_editor.cpp" line="+51"/>
        <source>SyncBatchNorm: batch statistics over all processes</source>
        <translation>SyncBatchNorm：在全部进程上计算批统计量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BatchNorm normalises with the mean and variance of the whole batch, every process&apos;s share together, instead of each process&apos;s own (one more all-reduce per BatchNorm forward and backward). Only for several processes.</source>
        <translation>BatchNorm 使用整个批次（所有进程的份额合在一起）的均值和方差进行归一化，而不是各进程自己的（每个 BatchNorm 的前向和反向传播各多一次全归约）。仅适用于多个进程。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Find…</source>
        <translation>查找…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Try batch sizes on the chosen device: the largest that fits with a safety margin, and the fastest</source>
        <translation>在所选设备上试验批大小：保留安全余量时可容纳的最大值，以及最快值</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Micro-batches whose gradients add up before each optimizer step</source>
        <translation>每次优化器更新前累加梯度的微批次数</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Off (fp32)</source>
        <translation>关闭 (fp32)</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+6"/>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>cuDNN benchmark mode (CUDA)</source>
        <translation>cuDNN 基准模式（CUDA）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cuDNN times its convolution algorithms on the first batches and keeps the fastest: faster steps when the input size is fixed; off in deterministic runs</source>
        <translation>cuDNN 在最初几个批次上测试各卷积算法并保留最快的：输入尺寸固定时每步更快；确定性运行中关闭</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Channels-last (NHWC)</source>
        <translation>通道在后（NHWC）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NCHW</source>
        <translation>NCHW</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How activations and convolution weights lie in memory. Channels-last is the layout oneDNN (CPU) and cuDNN (GPU, fp16 or bf16) convolve fastest. Auto uses it on the CPU in bf16 or fp16, and in fp32 when most convolution work has 16 or more channels, and on a GPU with fp16 or bf16; the run&apos;s log says which it chose. Saved weights are NCHW either way.</source>
        <translation>激活和卷积权重在内存中的排列方式。通道在后是 oneDNN（CPU）和 cuDNN（GPU，fp16 或 bf16）卷积最快的布局。“自动”在 CPU 上使用 bf16 或 fp16 时使用它，fp32 时若大部分卷积计算有 16 个或更多通道也使用它，在 GPU 上使用 fp16 或 bf16 时同样使用它；运行日志会说明所选的格式。无论哪种，保存的权重都是 NCHW。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>at each epoch&apos;s end</source>
        <translation>每轮结束时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>also every </source>
        <translation>另每 </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> step(s)</source>
        <translation> 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation runs at the end of each epoch and at the end of the run, also when the step limit stops it part-way through an epoch. A number here validates also every that many optimizer steps: the charts show those points, and the best checkpoint may come from one. Early stopping still counts epochs.</source>
        <translation>每轮结束时和训练结束时都会验证，步数上限在一轮中途停止训练时也是如此。填入数字后，还会每隔这么多个优化器步验证一次：图表显示这些点，最佳检查点也可能来自其中之一。早停仍按轮数计算。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Deterministic (reproducible, slower)</source>
        <translation>确定性（可复现，较慢）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>only at the end</source>
        <translation>仅在结束时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>every </source>
        <translation>每 </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> epoch(s)</source>
        <translation> 个轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the best validation checkpoint</source>
        <translation>保留验证最佳的检查点</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> epoch(s) without improvement</source>
        <translation> 个轮次无改进</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>On out of memory: halve the batch, double accumulation</source>
        <translation>内存不足时：批大小减半，累积加倍</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Threads that decode and augment batches ahead of training</source>
        <translation>提前解码并增强批次的线程</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Batch size:</source>
        <translation>批大小：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accumulation:</source>
        <translation>梯度累积：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mixed precision:</source>
        <translation>混合精度：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Memory format:</source>
        <translation>内存格式：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Epochs:</source>
        <translation>轮数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step limit:</source>
        <translation>步数上限：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validation:</source>
        <translation>验证：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoint:</source>
        <translation>检查点：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Early stopping:</source>
        <translation>提前停止：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory:</source>
        <translation>内存：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loader threads:</source>
        <translation>加载线程：</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Automatic (a GPU when there is one)</source>
        <translation>自动（有 GPU 时使用 GPU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU — %1, %2 threads</source>
        <translation>CPU — %1，%2 线程</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cuda:%1 — %2, %3</source>
        <translation>cuda:%1 — %2，%3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>CUDA — not available</source>
        <translation>CUDA — 不可用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CUDA — not available: %1</source>
        <translation>CUDA — 不可用：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 GPUs, one process each (cuda:0–%2, data-parallel)</source>
        <translation>%1 个 GPU，每个一个进程（cuda:0–%2，数据并行）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>CPU × %1 processes (data-parallel, to try it on one machine)</source>
        <translation>CPU × %1 个进程（数据并行，在一台机器上试用）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 × %2 processes (not on this machine)</source>
        <translation>%1 × %2 个进程（本机没有）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (not on this machine)</source>
        <translation>%1（本机没有）</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Everything in 32-bit floats: the most memory, no surprises.</source>
        <translation>全部使用 32 位浮点：内存最多，没有意外。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>16-bit floats where safe, with loss scaling: about half the activation memory and faster on GPUs with tensor cores.</source>
        <translation>在安全处使用 16 位浮点并进行损失缩放：激活内存约减半，在有张量核心的 GPU 上更快。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bfloat16 where safe: fp32&apos;s range, so no loss scaling; needs an Ampere or newer GPU (or a recent CPU).</source>
        <translation>在安全处使用 bfloat16：与 fp32 相同的数值范围，无需损失缩放；需要 Ampere 或更新的 GPU（或较新的 CPU）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bf16 where the device computes it natively (CPUs with AVX512-BF16 or AMX, GPUs of compute capability 8.0 and later), fp16 on older tensor-core GPUs, fp32 elsewhere; the log says which.</source>
        <translation>设备原生支持时用 bf16（带 AVX512-BF16 或 AMX 的 CPU、计算能力 8.0 及以上的 GPU），较旧的张量核心 GPU 用 fp16，其余用 fp32；日志会说明选了哪种。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>effective batch %1 (%2 per process × %3 processes)</source>
        <translation>有效批量 %1（每个进程 %2 × %3 个进程）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>effective batch %1</source>
        <translation>有效批大小 %1</translation>
    </message>
</context>
<context>
    <name>convstudio::RunsList</name>
    <message>
        <location filename="../widgets/training/runs_list.cpp" line="+44"/>
        <source>Check runs to overlay them on the loss, accuracy and memory charts. Click a column to sort by it; sort by Sweep to see a sweep&apos;s runs by their values.</source>
        <translation>勾选运行，将其叠加到损失、准确率和内存图上。点击列标题按该列排序；按“扫描”排序可按取值查看同一扫描的运行。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the selected run&apos;s files (settings, metrics, checkpoints)</source>
        <translation>显示所选训练的文件（设置、指标、检查点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The table as a CSV file, every run with its differing settings and figures</source>
        <translation>将表格导出为 CSV 文件：每个运行及其不同的设置和指标</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Study</source>
        <translation>研究</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>running</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pruned</source>
        <translation>已剪枝</translation>
    </message>
    <message>
        <location line="+62"/>
        <location line="+3"/>
        <source>Export Run Comparison</source>
        <translation>导出运行对比</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>CSV file (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The comparison was not exported: %1</source>
        <translation>未导出对比表：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::SamplePreviewGrid</name>
    <message>
        <location filename="../widgets/training/sample_preview_grid.cpp" line="+31"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop scanning the dataset folder</source>
        <translation>停止扫描数据集文件夹</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No preview yet.</source>
        <translation>尚无预览。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shuffle</source>
        <translation>换一批</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw other images and other random augmentations</source>
        <translation>抽取其他图像和其他随机增强</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Masks</source>
        <translation>掩码</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw each image&apos;s segmentation mask over it in the class colours</source>
        <translation>以类别颜色将每张图像的分割掩码叠加在图像上</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>How strongly the masks cover their images</source>
        <translation>掩码覆盖图像的浓度</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Training images and their masks with augmentation (hover for the classes).</source>
        <translation>经过数据增强的训练图像及其掩码（悬停查看类别）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training images with augmentation (hover for the class).</source>
        <translation>经过增强的训练图像（悬停查看类别）。</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The dataset has no training images.</source>
        <translation>数据集没有训练图像。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Scanning… %1 files</source>
        <translation>正在扫描… %1 个文件</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>and %n more class(es)</source>
        <translation>
            <numerusform>以及另外 %n 个类别</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 training and %2 validation images in %n class(es), fitted to %3.</source>
        <translation>
            <numerusform>%1 张训练图像和 %2 张验证图像，共 %n 个类别，适配为 %3。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>convstudio::SegmentationView</name>
    <message>
        <location filename="../widgets/inference/segmentation_view.cpp" line="+27"/>
        <location line="+64"/>
        <source>Predict an image to see its mask.</source>
        <translation>预测一张图像以查看其掩码。</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>How strongly the predicted mask covers the image</source>
        <translation>预测掩码覆盖图像的强度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opacity</source>
        <translation>不透明度</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pixels</source>
        <translation>像素</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 as the model saw it (%2×%3), with its predicted mask</source>
        <translation>%1（模型所见的 %2×%3）及其预测掩码</translation>
    </message>
</context>
<context>
    <name>convstudio::StartPage</name>
    <message>
        <location filename="../widgets/start_page.cpp" line="+42"/>
        <source>ConvStudio</source>
        <translation>ConvStudio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Build convolutional networks from blocks, train them on the CPU or a CUDA GPU, and export them to the tools you already use.</source>
        <translation>用积木块搭建卷积神经网络，在 CPU 或 CUDA GPU 上训练，并导出到您常用的工具中。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open the Example</source>
        <translation>打开示例</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New Project…</source>
        <translation>新建项目…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Recent projects</source>
        <translation>最近的项目</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Start from a template</source>
        <translation>从模板开始</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compute devices</source>
        <translation>计算设备</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Built-in example</source>
        <translation>内置示例</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Saved %1</source>
        <translation>保存于 %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 blocks · %2 parameters</source>
        <translation>%1 个模块 · %2 个参数</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>CPU: %1 (%2 threads)</source>
        <translation>CPU：%1（%2 线程）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>GPU cuda:%1: %2, %3</source>
        <translation>GPU cuda:%1：%2，%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CUDA is not available: %1</source>
        <translation>CUDA 不可用：%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Fashion-MNIST: 70,000 grayscale 28×28 images of clothing in 10 classes, found in %1 (%2 compressed).</source>
        <translation>Fashion-MNIST：70,000 张 28×28 灰度服装图像，共 10 类，位于 %1（压缩后 %2）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fashion-MNIST is missing from %1 (%2). Install the Debian package dataset-fashion-mnist.</source>
        <translation>%1 中缺少 Fashion-MNIST（%2）。请安装 Debian 软件包 dataset-fashion-mnist。</translation>
    </message>
</context>
<context>
    <name>convstudio::StudyRunner</name>
    <message>
        <location filename="../app/bridge/study_runner.cpp" line="+41"/>
        <source>Open or create a project first.</source>
        <translation>请先打开或新建一个项目。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The study %1 cannot be read: %2</source>
        <translation>无法读取研究 %1：%2</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+82"/>
        <source>The study %1 cannot be saved: %2</source>
        <translation>无法保存研究 %1：%2</translation>
    </message>
</context>
<context>
    <name>convstudio::StudySearchForm</name>
    <message>
        <location filename="../widgets/training/study_search_form.cpp" line="+29"/>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>One setting per line and the values it may take: lr=log:1e-4..1 (a number, evenly in its logarithm), momentum=0.8..0.99, epochs=int:2..8, batch_size=32,64,128 (a choice).</source>
        <translation>每行一个设置及其可取的值：lr=log:1e-4..1（数值，在对数上均匀取值）、momentum=0.8..0.99、epochs=int:2..8、batch_size=32,64,128（从中选一）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Settings that can be searched: %1</source>
        <translation>可搜索的设置：%1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TPE (learns from earlier trials)</source>
        <translation>TPE（从之前的试验中学习）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The same seed draws the same trials</source>
        <translation>相同的种子抽取相同的试验</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ASHA (successive halving)</source>
        <translation>ASHA（逐次减半）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stops a weak trial at a validation: Median when it is below the median of earlier trials there, ASHA when it is not among the best 1/η at a rung</source>
        <translation>在验证时停止较弱的试验：中位数——低于之前试验在该处的中位数时；ASHA——在某一级中不属于最好的 1/η 时</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Optimizer steps of ASHA&apos;s first rung</source>
        <translation>ASHA 第一级的优化器步数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>first rung:</source>
        <translation>第一级：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sampler:</source>
        <translation>采样方式：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trials:</source>
        <translation>试验数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pruning:</source>
        <translation>剪枝：</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Limits and k-fold</source>
        <translation>限制与 k 折</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source> M</source>
        <translation> M</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>A trial whose network has more parameters is refused before it trains</source>
        <translation>网络参数多于此值的试验在训练前即被拒绝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Multiply-accumulates per sample, forward</source>
        <translation>每个样本前向的乘加次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The training memory estimate the summary bar shows</source>
        <translation>摘要栏显示的训练内存估计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training time per trial: a trial estimated (from the earlier trials&apos; speed) to take longer is refused before it trains, and one that runs past it is stopped and kept as pruned</source>
        <translation>每次试验的训练时间：按之前试验的速度估计会超出此时间的试验在训练前即被拒绝；训练中超出此时间的试验会被停止，并作为已剪枝保留</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stratified</source>
        <translation>分层</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cross-validation: every drawn setting trains once per fold, validating on that fold of the training data (the test set is not used); its score is the folds&apos; mean</source>
        <translation>交叉验证：每组抽取的设置在每一折上各训练一次，并在训练数据的该折上验证（不使用测试集）；其得分为各折的平均值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every fold holds each class within one sample of its share</source>
        <translation>每一折中各类别的样本数与其应有份额相差不超过一个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refit</source>
        <translation>重新训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Then train the best setting once more with the project&apos;s own validation split</source>
        <translation>然后用项目自己的验证划分，再训练一次最佳设置</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Max. parameters:</source>
        <translation>最大参数量：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max. MACs:</source>
        <translation>最大 MACs：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max. training memory:</source>
        <translation>最大训练内存：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max. time per trial:</source>
        <translation>每次试验最长时间：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>k-fold:</source>
        <translation>k 折：</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Line %1: %2 is searched twice</source>
        <translation>第 %1 行：%2 被搜索了两次</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Enter at least one setting to search, e.g. lr=log:1e-4..1</source>
        <translation>请至少输入一个要搜索的设置，例如 lr=log:1e-4..1</translation>
    </message>
</context>
<context>
    <name>convstudio::StudyView</name>
    <message>
        <location filename="../widgets/training/study_view.cpp" line="+39"/>
        <source>Apply Best Settings</source>
        <translation>应用最佳设置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Set the project&apos;s settings to the best trial&apos;s values (Edit &gt; Undo restores them)</source>
        <translation>将项目的设置改为最佳试验的值（编辑 &gt; 撤销可恢复）</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+154"/>
        <source>trial</source>
        <translation>试验</translation>
    </message>
    <message>
        <location line="-153"/>
        <source>best val. accuracy (%)</source>
        <translation>最佳验证准确率 (%)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>No study yet: start one from Training &gt; Sweep…, tab Search.</source>
        <translation>尚无研究：请从 训练 &gt; 扫描… 的“搜索”页开始。</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%1: %2 of %n trial(s) ended, %3 pruned, %4 refused</source>
        <translation>
            <numerusform>%1：%n 个试验中 %2 个已结束，%3 个已剪枝，%4 个被拒绝</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Best: trial %1 (%2), %3</source>
        <translation>最佳：试验 %1（%2），%3</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 (log)</source>
        <translation>%1（对数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>best val. accuracy</source>
        <translation>最佳验证准确率</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>best so far</source>
        <translation>目前最佳</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>pruned trial</source>
        <translation>已剪枝的试验</translation>
    </message>
</context>
<context>
    <name>convstudio::SummaryBar</name>
    <message>
        <location filename="../widgets/builder/summary_bar.cpp" line="+31"/>
        <source>forward of %1</source>
        <translation>%1 的前向传播</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>backward of %1</source>
        <translation>%1 的反向传播</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the optimizer step</source>
        <translation>优化器更新步</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Parameters: %1</source>
        <translation>参数：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MACs: %1</source>
        <translation>MACs：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training memory ≈ %1 (batch %2, %3; measured %4)</source>
        <translation>训练内存 ≈ %1（批大小 %2，%3；实测 %4）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Training memory ≈ %1 (batch %2, %3)</source>
        <translation>训练内存 ≈ %1（批大小 %2，%3）</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%n block(s) recomputed in backward: peak %1 estimated, %2 measured</source>
        <translation>
            <numerusform>%n 个模块在反向传播中重新计算：峰值估计 %1，实测 %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n block(s) recomputed in backward: peak %1 estimated</source>
        <translation>
            <numerusform>%n 个模块在反向传播中重新计算：峰值估计 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 has %2</source>
        <translation>%1 共有 %2</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n problem(s): figures cover the valid part only</source>
        <translation>
            <numerusform>%n 个问题：数字仅涵盖有效部分</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The estimate exceeds the memory of %1: lower the batch size, use mixed precision or gradient accumulation.</source>
        <translation>估计值超过了 %1 的内存：请减小批大小，或使用混合精度或梯度累积。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>At the estimated peak, %7: weights %1, gradients %2, optimizer state %3, saved activations %4, input batch %5, workspace %6.</source>
        <translation>估计峰值处（%7）：权重 %1，梯度 %2，优化器状态 %3，保存的激活 %4，输入批次 %5，工作区 %6。</translation>
    </message>
</context>
<context>
    <name>convstudio::SweepDialog</name>
    <message>
        <location filename="../widgets/training/sweep_dialog.cpp" line="+38"/>
        <source>Queue a Sweep</source>
        <translation>扫描入队</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Choose one or two settings and the values each should take; every combination is queued as a run of the current model.</source>
        <translation>选择一个或两个设置及其取值；每种组合都会作为当前模型的一次运行加入队列。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Values separated by commas, e.g. 0.01, 0.003</source>
        <translation>用逗号分隔的取值，例如 0.01, 0.003</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Setting:</source>
        <translation>设置：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>and:</source>
        <translation>以及：</translation>
    </message>
    <message numerus="yes">
        <location line="+45"/>
        <source>Start Study of %n Trial(s)</source>
        <translation>
            <numerusform>开始 %n 个试验的研究</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start Study</source>
        <translation>开始研究</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>now %1</source>
        <translation>当前 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Enter the values of %1, separated by commas.</source>
        <translation>请输入 %1 的取值，用逗号分隔。</translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>%1 = %n run(s)</source>
        <translation>
            <numerusform>%1 = %n 个运行</numerusform>
        </translation>
    </message>
    <message>
        <location line="-59"/>
        <source>Queue Runs</source>
        <translation>运行入队</translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>Queue %n Run(s)</source>
        <translation>
            <numerusform>将 %n 个运行加入队列</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>convstudio::SystemFactsView</name>
    <message>
        <location filename="../widgets/system_facts_view.cpp" line="+12"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ConvStudio</source>
        <translation>ConvStudio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LibTorch</source>
        <translation>LibTorch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(CUDA-enabled)</source>
        <translation>（支持 CUDA）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(CPU-only)</source>
        <translation>（仅 CPU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA (compiled)</source>
        <translation>CUDA（编译版本）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>not compiled in</source>
        <translation>未编译</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>OpenCV</source>
        <translation>OpenCV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Qt</source>
        <translation>Qt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compute devices</source>
        <translation>计算设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, %2 hardware threads, LibTorch uses %3</source>
        <translation>%1，%2 个硬件线程，LibTorch 使用 %3 个</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not available: %1</source>
        <translation>不可用：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, %2, compute capability %3.%4</source>
        <translation>%1，%2，计算能力 %3.%4</translation>
    </message>
</context>
<context>
    <name>convstudio::TemplateGalleryDialog</name>
    <message>
        <location filename="../widgets/builder/template_gallery_dialog.cpp" line="+27"/>
        <source>New Project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start from a blank model or a template. Figures are for input %1 and %2 classes.</source>
        <translation>从空白模型或模板开始。数字按输入 %1 和 %2 个类别计算。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Blank</source>
        <translation>空白</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An Input and an Output block; add the rest from the palette.</source>
        <translation>一个输入模块和一个输出模块；其余模块从模块面板添加。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>does not fit this input</source>
        <translation>不适用于此输入</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Task:</source>
        <translation>任务：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Classification: one label per image (N×K class scores)</source>
        <translation>分类：每张图像一个标签（N×K 类别得分）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Segmentation: a label per pixel (N×C×H×W logits at the input&apos;s size)</source>
        <translation>分割：每个像素一个标签（与输入同尺寸的 N×C×H×W logits）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Create</source>
        <translation>创建</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>convstudio::TrainingCharts</name>
    <message>
        <location filename="../widgets/training/training_charts.cpp" line="+55"/>
        <source>Smoothing:</source>
        <translation>平滑：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Weight of the exponential moving average drawn over the raw loss</source>
        <translation>叠加在原始损失上的指数移动平均的权重</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reset Views</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Follow the data again after zooming or panning (or double-click a chart)</source>
        <translation>缩放或平移后重新跟随数据（或双击图表）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every step&apos;s and epoch&apos;s metrics of this run as a CSV file</source>
        <translation>将本次训练每一步和每一轮的指标导出为 CSV 文件</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>smoothed</source>
        <translation>平滑</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>skipped step</source>
        <translation>跳过的步</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Accuracy (%)</source>
        <translation>准确率 (%)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory (MiB)</source>
        <translation>内存 (MiB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fp16 loss scale</source>
        <translation>fp16 损失缩放</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>scale grew</source>
        <translation>缩放增大</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>scale backed off</source>
        <translation>缩放回退</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <location line="+120"/>
        <source>training (dominant label, mixup/CutMix)</source>
        <translation>训练（按主导标签，mixup/CutMix）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training (dominant label, mixup)</source>
        <translation>训练（按主导标签，mixup）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training (dominant label, CutMix)</source>
        <translation>训练（按主导标签，CutMix）</translation>
    </message>
    <message>
        <location line="+166"/>
        <location line="+3"/>
        <source>Export Metrics</source>
        <translation>导出指标</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>CSV file (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The metrics were not exported: %1</source>
        <translation>未导出指标：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::TrainingCockpit</name>
    <message>
        <location filename="../app/gui/training_cockpit.cpp" line="+89"/>
        <source>Runs</source>
        <translation>训练记录</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Training settings: data, run and optimizer</source>
        <translation>训练设置：数据、运行和优化器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs waiting to train one after another, and sweeps</source>
        <translation>依次等待训练的运行，以及扫描</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Confusion Matrix</source>
        <translation>混淆矩阵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Misclassified</source>
        <translation>错误分类</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Start Training</source>
        <translation>开始训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+290"/>
        <source>Pause Training</source>
        <translation>暂停训练</translation>
    </message>
    <message>
        <location line="-288"/>
        <location line="+289"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="-284"/>
        <source>Stop Training</source>
        <translation>停止训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Resume from Checkpoint…</source>
        <translation>从检查点继续…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Release Cached GPU Memory</source>
        <translation>释放缓存的 GPU 内存</translation>
    </message>
    <message>
        <location line="+224"/>
        <location line="+28"/>
        <source>Ready.</source>
        <translation>就绪。</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Last run %1: %2</source>
        <translation>上次训练 %1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../app/gui/training_cockpit_runs.cpp" line="+194"/>
        <source>, validation accuracy %1%</source>
        <translation>，验证准确率 %1%</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Open or create a project first.</source>
        <translation>请先打开或新建一个项目。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A finder is running; train once it is done.</source>
        <translation>查找器正在运行；请在其完成后再训练。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Train the model with these settings (F5)</source>
        <translation>用这些设置训练模型 (F5)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Resume Training</source>
        <translation>继续训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot train: %1</source>
        <translation>无法训练：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/training_cockpit_runs.cpp" line="-100"/>
        <source>The run could not start: %1</source>
        <translation>无法开始运行：%1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Run started in %1</source>
        <translation>训练已开始，保存在 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run resumed from %1 in %2</source>
        <translation>从 %1 继续训练，保存在 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Queued run %1: %2</source>
        <translation>排队的运行 %1：%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Resume from Checkpoint (a *.ckpt folder)</source>
        <translation>从检查点继续（*.ckpt 文件夹）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Paused.</source>
        <translation>已暂停。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Finished: %1 steps</source>
        <translation>已完成：%1 步</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, %1 samples/s</source>
        <translation>，%1 样本/秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, %1% of the device&apos;s peak FLOP/s</source>
        <translation>，达到设备峰值 FLOP/s 的 %1%</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, %1 fp16 steps skipped</source>
        <translation>，跳过 %1 个 fp16 步</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stopped after %1 steps; checkpoint %2</source>
        <translation>已在 %1 步后停止；检查点 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <location filename="../app/gui/training_cockpit_study.cpp" line="+40"/>
        <source>The best trial&apos;s settings cannot be applied: %1</source>
        <translation>无法应用最佳试验的设置：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::TrainingController</name>
    <message>
        <location filename="../app/bridge/training_controller.cpp" line="+75"/>
        <source>A run is already in progress.</source>
        <translation>已有一个训练在进行中。</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>No free TCP port on 127.0.0.1 for the run&apos;s processes to meet.</source>
        <translation>127.0.0.1 上没有空闲的 TCP 端口供本次训练的各进程会合。</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>The run folder is in use by process %1: another run is training into it. Wait for that run to end, or start a new run.</source>
        <translation>该运行文件夹正被进程 %1 使用：另一个运行正在向其中训练。请等待该运行结束，或开始一个新的运行。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot create the run folder.</source>
        <translation>无法创建运行文件夹。</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>Training in Progress</source>
        <translation>训练进行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A training run is in progress. Stop it and close? Its last checkpoint is kept, so you can resume it later.</source>
        <translation>训练正在进行。要停止并关闭吗？最后的检查点会保留，之后可以继续训练。</translation>
    </message>
</context>
<context>
    <name>convstudio::TrainingLogView</name>
    <message>
        <location filename="../widgets/training/training_log_view.cpp" line="+31"/>
        <source>warning: </source>
        <translation>警告：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>error: </source>
        <translation>错误：</translation>
    </message>
</context>
<context>
    <name>convstudio::TrainingProgressView</name>
    <message>
        <location filename="../widgets/training/training_progress_view.cpp" line="+90"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+57"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stops within one batch and keeps a checkpoint to resume from</source>
        <translation>在一个批次内停止，并保留可继续训练的检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume from Checkpoint…</source>
        <translation>从检查点继续…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release Cached GPU Memory</source>
        <translation>释放缓存的 GPU 内存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hands memory the CUDA caching allocator holds but does not use back to the driver</source>
        <translation>把 CUDA 缓存分配器持有但未使用的内存归还给驱动</translation>
    </message>
    <message>
        <location line="-54"/>
        <location line="+119"/>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="-118"/>
        <location line="+119"/>
        <source>Overall</source>
        <translation>总体</translation>
    </message>
    <message>
        <location line="-112"/>
        <source>Achieved FLOP/s = what one sample costs (2 FLOPs per multiply-accumulate for the forward pass, and again for each gradient backward computes: none through frozen blocks before the first trainable one, none for frozen weights) × samples/s, as a share of the device&apos;s peak: the best of several large matrix multiplies in the run&apos;s precision, measured again when the machine was busy or a rate exceeds it. With several processes, the peak is the sum of each process&apos;s share</source>
        <translation>实际 FLOP/s = 每个样本的计算量（前向每次乘加计 2 FLOP，反向每计算一个梯度再计一次：第一个可训练模块之前的冻结模块不计反向，冻结的权重不计权重梯度）× 每秒样本数，占设备峰值的比例：峰值取按本次运行精度做的多次大矩阵乘法中最好的一次，当机器繁忙或某个速率超过它时会重新测量。多进程时，峰值为各进程份额之和</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Ready.</source>
        <translation>就绪。</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Train the model with these settings</source>
        <translation>用这些设置训练模型</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A run of several processes cannot pause: a paused process would stall the others. Stop keeps a checkpoint to resume from.</source>
        <translation>多进程训练无法暂停：暂停的进程会让其他进程停滞。停止会保留检查点，之后可以从它继续。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Preparing the run on %1…</source>
        <translation>正在 %1 上准备训练…</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>allocated %1 · reserved %2 · peak %3</source>
        <translation>已分配 %1 · 已保留 %2 · 峰值 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · device %1 of %2</source>
        <translation> · 设备 %1 / %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>process memory %1 (peak %2)</source>
        <translation>进程内存 %1（峰值 %2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 TFLOP/s</source>
        <translation>%1 TFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GFLOP/s</source>
        <translation>%1 GFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 MFLOP/s</source>
        <translation>%1 MFLOP/s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compute: %1; the device&apos;s peak is being measured again (this rate exceeds it)</source>
        <translation>算力：%1；设备峰值正在重新测量（此速率已超过它）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compute: %1 (device peak unknown)</source>
        <translation>算力：%1（设备峰值未知）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute: %1, %2% of the device&apos;s peak</source>
        <translation>算力：%1，为设备峰值的 %2%</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 samples/s · ETA %2 · loss %3</source>
        <translation>%1 样本/秒 · 剩余 %2 · 损失 %3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Paused on %1</source>
        <translation>已在 %1 上暂停</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Training on %1</source>
        <translation>正在 %1 上训练</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rank 0: %1</source>
        <translation>rank 0：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::TrainingSettingsPanel</name>
    <message>
        <location filename="../widgets/training/training_settings_panel.cpp" line="+81"/>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loss and classes</source>
        <translation>损失与类别</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Loading the preview…</source>
        <translation>正在加载预览…</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Error:</source>
        <translation>错误：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Note:</source>
        <translation>注意：</translation>
    </message>
</context>
<context>
    <name>convstudio::TuningActions</name>
    <message>
        <location filename="../app/gui/tuning_actions.cpp" line="+15"/>
        <source>Find Learning Rate…</source>
        <translation>查找学习率…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the learning-rate range test on the training data and suggest a learning rate</source>
        <translation>在训练数据上运行学习率范围测试并给出建议学习率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Profile Training Steps</source>
        <translation>剖析训练步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measure a few training steps block by block and colour the canvas by where the time goes</source>
        <translation>逐块测量几个训练步，并按时间花费为画布着色</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+25"/>
        <source>Build and train convolutional networks</source>
        <translation>搭建并训练卷积神经网络</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Interface language, e.g. zh_CN or en.</source>
        <translation>界面语言，例如 zh_CN 或 en。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open the built-in example (Fashion-MNIST).</source>
        <translation>打开内置示例（Fashion-MNIST）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a new project from a built-in template, e.g. resnet-small.</source>
        <translation>用内置模板新建项目，例如 resnet-small。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save a picture of the window to FILE and quit.</source>
        <translation>将窗口截图保存到 FILE 后退出。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Milliseconds to wait before the screenshot.</source>
        <translation>截图前等待的毫秒数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show a run folder and follow it while it trains (as File &gt; Open Run…).</source>
        <translation>显示一个运行文件夹并在其训练时跟随（同 文件 &gt; 打开运行…）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A project file (.convstudio) to open.</source>
        <translation>要打开的项目文件（.convstudio）。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Open Project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open Run</source>
        <translation>打开运行</translation>
    </message>
</context>
<context>
    <name>runInPool</name>
    <message>
        <location filename="../app/gui/run_in_pool.h" line="+33"/>
        <source>an unknown error</source>
        <translation>未知错误</translation>
    </message>
</context>
</TS>
