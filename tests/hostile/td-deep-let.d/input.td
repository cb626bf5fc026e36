class C { int x = 0; }
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
def d : C;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
