// The benchmark is built out in its own change; this entry point keeps the product buildable.
print("modelkit-benchmark: no workloads yet")
