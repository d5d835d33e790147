package schedule

import "container/heap"

// entry is a task with its parsed rule and its place in the queue.
type entry struct {
	task  Task
	rule  Rule
	index int
}

// queue is a min-heap of entries by due time, then id: the next task due
// is queue[0], found in O(1) and re-ordered in O(log n).
type queue []*entry

func (q queue) Len() int { return len(q) }

func (q queue) Less(i, j int) bool {
	a, b := q[i].task, q[j].task
	if !a.Due.Equal(b.Due) {
		return a.Due.Before(b.Due)
	}
	return a.ID < b.ID
}

func (q queue) Swap(i, j int) {
	q[i], q[j] = q[j], q[i]
	q[i].index, q[j].index = i, j
}

// Push implements heap.Interface.
func (q *queue) Push(x any) {
	e := x.(*entry)
	e.index = len(*q)
	*q = append(*q, e)
}

// Pop implements heap.Interface.
func (q *queue) Pop() any {
	old := *q
	e := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	e.index = -1
	return e
}

var _ heap.Interface = (*queue)(nil)
