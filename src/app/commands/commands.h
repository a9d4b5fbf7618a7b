// The kishi subcommands; each lives in its own file and parses its own flags.
#pragma once

namespace kishi::command {

int perft(int argc, char** argv);
int bench(int argc, char** argv);
int usi(int argc, char** argv);
int match(int argc, char** argv);
int selfplay(int argc, char** argv);
int train(int argc, char** argv);
int loop(int argc, char** argv);
int report(int argc, char** argv);
int evaluate(int argc, char** argv);
int serve(int argc, char** argv);
int data(int argc, char** argv);
int export_data(int argc, char** argv);
int export_onnx(int argc, char** argv);
int import_data(int argc, char** argv);
int teacher(int argc, char** argv);
int status(int argc, char** argv);

}  // namespace kishi::command
