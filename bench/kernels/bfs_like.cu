// bfs_like.cu - one level of a frontier-based breadth-first search in two
// kernels, the structure of Rodinia's bfs (written for this benchmark):
// each frontier node walks its edge list (a run-time trip count) with
// indirect loads; the second kernel moves the next frontier into place.
struct Node {
  int FirstEdge;
  int NumEdges;
};

__global__ void expandFrontier(const Node *Nodes, const int *Edges,
                               bool *Frontier, bool *Next, const bool *Visited,
                               int *Cost, int NumNodes) {
  int Id = blockIdx.x * blockDim.x + threadIdx.x;
  if (Id < NumNodes && Frontier[Id]) {
    Frontier[Id] = false;
    Node N = Nodes[Id];
    for (int E = N.FirstEdge; E < N.FirstEdge + N.NumEdges; ++E) {
      int To = Edges[E];
      if (!Visited[To]) {
        Cost[To] = Cost[Id] + 1;
        Next[To] = true;
      }
    }
  }
}

__global__ void advanceFrontier(bool *Frontier, bool *Next, bool *Visited,
                                bool *Again, int NumNodes) {
  int Id = blockIdx.x * blockDim.x + threadIdx.x;
  if (Id < NumNodes && Next[Id]) {
    Frontier[Id] = true;
    Visited[Id] = true;
    *Again = true;
    Next[Id] = false;
  }
}
